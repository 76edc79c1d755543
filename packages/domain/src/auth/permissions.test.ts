import { describe, expect, it } from 'vitest';
import { hasPermission, permissionsForRole } from './permissions.js';

describe('role permissions', () => {
  it('lets owners and admins launch campaigns', () => {
    expect(hasPermission('owner', 'campaign:launch')).toBe(true);
    expect(hasPermission('admin', 'campaign:launch')).toBe(true);
  });
  it('lets members build but not launch or pay', () => {
    expect(hasPermission('member', 'campaign:update')).toBe(true);
    expect(hasPermission('member', 'campaign:launch')).toBe(false);
    expect(hasPermission('member', 'wallet:pay')).toBe(false);
  });
  it('lets owners and admins export, not members', () => {
    expect(hasPermission('owner', 'export:create')).toBe(true);
    expect(hasPermission('admin', 'export:create')).toBe(true);
    expect(hasPermission('member', 'export:create')).toBe(false);
  });
  it('unions the permissions of several roles and ignores unknown ones', () => {
    expect(permissionsForRole('member, owner')).toContain('campaign:launch');
    expect(permissionsForRole('stranger')).toEqual([]);
  });
});
