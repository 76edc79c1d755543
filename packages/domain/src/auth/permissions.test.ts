import { describe, expect, it } from 'vitest';
import { MEMBER_ROLES, ROLE_PERMISSIONS, hasPermission, permissionsForRole } from './permissions.js';

describe('role permissions', () => {
  it('lets owners, admins and campaign managers launch campaigns, not analysts or finance', () => {
    expect(hasPermission('owner', 'campaign:launch')).toBe(true);
    expect(hasPermission('admin', 'campaign:launch')).toBe(true);
    expect(hasPermission('campaign_manager', 'campaign:launch')).toBe(true);
    expect(hasPermission('analyst', 'campaign:launch')).toBe(false);
    expect(hasPermission('finance', 'campaign:launch')).toBe(false);
  });
  it('lets analysts read and export but change nothing', () => {
    expect(hasPermission('analyst', 'export:create')).toBe(true);
    expect(hasPermission('analyst', 'report:read')).toBe(true);
    const changes = ROLE_PERMISSIONS.analyst.filter((p) => !p.endsWith(':read') && p !== 'export:create');
    expect(changes).toEqual([]);
  });
  it('lets a campaign manager pay a launch from the wallet but not put money in or pay invoices', () => {
    expect(hasPermission('campaign_manager', 'wallet:pay')).toBe(true);
    expect(hasPermission('campaign_manager', 'billing:manage')).toBe(false);
    expect(hasPermission('campaign_manager', 'billing:read')).toBe(false);
  });
  it('lets finance pay and manage billing, not build or export', () => {
    expect(hasPermission('finance', 'wallet:pay')).toBe(true);
    expect(hasPermission('finance', 'billing:manage')).toBe(true);
    expect(hasPermission('finance', 'campaign:update')).toBe(false);
    expect(hasPermission('finance', 'export:create')).toBe(false);
  });
  it('keeps the brand sign-in security to owners', () => {
    expect(MEMBER_ROLES.filter((r) => hasPermission(r, 'brand:security'))).toEqual(['owner']);
  });
  it('lets owners and admins manage the team, the others only see it', () => {
    expect(MEMBER_ROLES.filter((r) => hasPermission(r, 'team:manage'))).toEqual(['owner', 'admin']);
    expect(MEMBER_ROLES.every((r) => hasPermission(r, 'team:read'))).toBe(true);
  });
  it('unions the permissions of several roles and ignores unknown ones', () => {
    expect(permissionsForRole('analyst, finance')).toContain('wallet:pay');
    expect(permissionsForRole('stranger')).toEqual([]);
    expect(permissionsForRole('member')).toEqual([]);
  });
});
