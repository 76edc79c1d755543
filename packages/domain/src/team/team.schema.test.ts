import { describe, expect, it } from 'vitest';
import { MEMBER_ROLES } from '../auth/permissions.js';
import { guidedStartSteps, ZCreateBrandBody } from '../brand/brand-setup.schema.js';
import { mayChangeMember, mayGrantRole, ZInviteBody } from './team.schema.js';

describe('team rules', () => {
  it('lets only an owner grant, change or remove the owner role', () => {
    for (const granter of MEMBER_ROLES) {
      expect(mayGrantRole(granter, 'owner')).toBe(granter === 'owner');
      expect(mayChangeMember(granter, 'owner')).toBe(granter === 'owner');
      expect(mayGrantRole(granter, 'analyst')).toBe(true);
    }
  });

  it('reads an invited address trimmed and lower-cased, and names a bad one', () => {
    expect(ZInviteBody.parse({ email: '  Sam@Team.TEST ', role: 'finance' })).toEqual({ email: 'sam@team.test', role: 'finance' });
    const bad = ZInviteBody.safeParse({ email: 'nope', role: 'boss' });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path[0]).sort()).toEqual(['email', 'role']);
  });
});

describe('brand setup rules', () => {
  it('takes an ISO country in any case and a time zone Intl knows', () => {
    const ok = ZCreateBrandBody.parse({ name: ' Nova ', country: 'fr', currency: 'EUR', timeZone: 'Europe/Paris', paymentPlan: 'prepaid', kind: 'brand' });
    expect(ok).toMatchObject({ name: 'Nova', country: 'FR' });
    expect(ZCreateBrandBody.safeParse({ ...ok, country: 'EU' }).success).toBe(false);
    expect(ZCreateBrandBody.safeParse({ ...ok, timeZone: 'Europe/Atlantis' }).success).toBe(false);
  });

  it('ticks money by a balance or by a payment, and completes when all three steps are done', () => {
    const base = { campaigns: 1, stores: 1, staff: 0, payments: 0, walletBalance: 0 };
    expect(guidedStartSteps(base).complete).toBe(false);
    expect(guidedStartSteps({ ...base, walletBalance: 100 }).complete).toBe(true);
    expect(guidedStartSteps({ ...base, payments: 1 }).complete).toBe(true);
    expect(guidedStartSteps({ ...base, stores: 0, payments: 1 }).steps.find((s) => s.key === 'stores')!.done).toBe(false);
  });
});
