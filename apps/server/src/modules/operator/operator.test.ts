import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ZMe, ZOperatorBrandList, ZPlatformTotals, type TPlatformTotals } from '@rally/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { factories } from '../../testing/factories.js';
import { playCookie, runningCampaign, submit } from '../../testing/engine-kit.js';
import { DEMO_PASSWORD, DEMO_USERS, insertMember, insertPasswordUser } from '../../seed/demo-accounts.js';
import { isOperator, listOperators, setOperator } from './index.js';

const OPERATOR = 'ops@rally.test';
const ENV_OPERATOR = 'env-ops@rally.test';
const ENV_UNVERIFIED = 'env-unverified@rally.test';

let t: TestApp;
let owner: string;
let operator: string;
beforeAll(async () => {
  t = await createTestApp({ env: { OPERATOR_EMAILS: ` ${ENV_OPERATOR.toUpperCase()} , ${ENV_UNVERIFIED}`, SIGN_IN_RATE_LIMIT: '1000' } });
  await insertPasswordUser(t.database.db, OPERATOR, 'Olga Operator', DEMO_PASSWORD);
  expect(await setOperator(t.database.db, OPERATOR, true)).not.toBeNull();
  owner = await t.signIn('owner@brand.test');
  operator = await t.signIn(OPERATOR);
}, 60_000);
afterAll(async () => t?.close());

const db = () => t.database.db;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: T[] }).rows;
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: { ...(cookie ? { cookie } : {}), origin: 'http://localhost:3000' }, payload: payload as Record<string, unknown> });

/** A member of the owner brand with a role, signed in. */
async function memberWith(role: 'admin' | 'campaign_manager' | 'analyst' | 'finance'): Promise<string> {
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@brand.test`;
  const id = await insertPasswordUser(db(), email, `A ${role}`, DEMO_PASSWORD);
  await insertMember(db(), t.brandIds.owner, id, role);
  return t.signIn(email);
}

describe('operator routes', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/operator/brands'],
    ['GET', '/api/operator/totals'],
    ['GET', '/api/operator/audit'],
    ['POST', '/api/operator/brands/BRAND/status', { status: 'suspended' }],
    ['POST', '/api/operator/brands/BRAND/consumer', { enabled: true }],
  ];

  it('refuse every brand role with 403, owners included, and signed-out callers with 401', async () => {
    const callers = [owner, await t.signIn('retailer@retail.test'), ...(await Promise.all((['admin', 'campaign_manager', 'analyst', 'finance'] as const).map(memberWith)))];
    for (const [method, path, body] of routes) {
      const url = path.replace('BRAND', t.brandIds.partner);
      for (const cookie of callers) {
        const res = method === 'GET' ? await get(url, cookie) : await post(url, cookie, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().error.code).toBe(ERROR_CODES.forbidden);
      }
      const out = method === 'GET' ? await get(url) : await post(url, undefined, body);
      expect(out.statusCode).toBe(401);
    }
    // Nothing changed.
    const [partner] = await rows<{ status: string; consumer_enabled: boolean }>(sql`select status, consumer_enabled from brands where id = ${t.brandIds.partner}`);
    expect(partner).toEqual({ status: 'active', consumer_enabled: false });
  });

  it('list every brand with status, plan, members, campaigns, wallet and creation for an operator granted from the command line', async () => {
    await factories(db()).campaign(t.brandIds.summit, { name: 'Summit one' });
    await factories(db()).campaign(t.brandIds.summit, { name: 'Summit two' });
    const res = await get('/api/operator/brands', operator);
    expect(res.statusCode).toBe(200);
    const list = ZOperatorBrandList.parse(res.json());
    expect(list.items.map((b) => b.id).sort()).toEqual(Object.values(t.brandIds).sort());
    const summit = list.items.find((b) => b.id === t.brandIds.summit)!;
    expect(summit).toMatchObject({ status: 'active', members: 1, campaigns: 2, walletBalance: 0, paymentPlan: 'prepaid' });
    const ownerBrand = list.items.find((b) => b.id === t.brandIds.owner)!;
    const [m] = await rows<{ n: string }>(sql`select count(*) as n from members where organization_id = ${t.brandIds.owner}`);
    expect(ownerBrand.members).toBe(Number(m!.n));
  });
});

describe('granting the operator role', () => {
  it('is done by the command line function on an existing account and undone by revoke; an unknown email grants nothing', async () => {
    expect(await setOperator(db(), 'nobody@nowhere.test', true)).toBeNull();
    const id = await insertPasswordUser(db(), 'later-ops@rally.test', 'Lara Later', DEMO_PASSWORD);
    expect(await isOperator(db(), id, [])).toBe(false);
    expect(await setOperator(db(), 'Later-Ops@Rally.test', true)).toBe(id);
    expect(await isOperator(db(), id, [])).toBe(true);
    expect(await listOperators(db())).toContain('later-ops@rally.test');
    const cookie = await t.signIn('later-ops@rally.test');
    expect((await get('/api/operator/totals', cookie)).statusCode).toBe(200);
    await setOperator(db(), 'later-ops@rally.test', false);
    expect((await get('/api/operator/totals', cookie)).statusCode).toBe(403);
  });

  it('is given by OPERATOR_EMAILS (any case, spaces trimmed) to a verified account only, and /api/me reports it', async () => {
    const envId = await insertPasswordUser(db(), ENV_OPERATOR, 'Eve Env', DEMO_PASSWORD);
    await insertMember(db(), t.brandIds.summit, envId, 'analyst');
    const unverifiedId = await insertPasswordUser(db(), ENV_UNVERIFIED, 'Uma Unverified', DEMO_PASSWORD);
    await db().execute(sql`update users set email_verified = false where id = ${unverifiedId}`);
    expect(await isOperator(db(), unverifiedId, [ENV_UNVERIFIED])).toBe(false);
    const cookie = await t.signIn(ENV_OPERATOR);
    expect((await get('/api/operator/brands', cookie)).statusCode).toBe(200);
    const me = ZMe.parse((await get('/api/me', cookie)).json());
    expect(me.isOperator).toBe(true);
    // Nothing was written to the account: the grant lives in the environment.
    const [row] = await rows<{ is_operator: boolean }>(sql`select is_operator from users where id = ${envId}`);
    expect(row!.is_operator).toBe(false);
    expect(ZMe.parse((await get('/api/me', owner)).json()).isOperator).toBe(false);
  });

  it('is never taken from sign-up: an isOperator field in the sign-up body leaves the account without it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'http://localhost:3000' },
      payload: { email: 'sneaky@rally.test', password: 'a-long-password-123', name: 'Sneaky', isOperator: true, is_operator: true },
    });
    expect(res.statusCode).toBeLessThan(500);
    const found = await rows<{ is_operator: boolean }>(sql`select is_operator from users where email = 'sneaky@rally.test'`);
    for (const r of found) expect(r.is_operator).toBe(false);
  });
});

describe('suspending a brand', () => {
  it("refuses its members on brand routes with 403 BRAND_SUSPENDED and stops its running campaigns taking entries from /play, until approved again; both audits record it", async () => {
    const brandId = t.brandIds.owner;
    const k = await runningCampaign(db(), brandId, { participants: 1 });
    const participant = await playCookie(db(), brandId, k.users[0]!.id);
    expect((await submit(t.app, participant, k.campaign.id, k.cm.id, { kind: 'general', answers: [] })).statusCode).toBe(201);
    expect((await get('/api/campaign/bundle', owner)).statusCode).toBe(200);

    const res = await post(`/api/operator/brands/${brandId}/status`, operator, { status: 'suspended', reason: 'unpaid invoices' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: brandId, status: 'suspended' });

    for (const url of ['/api/campaign/bundle', '/api/me', '/api/billing/summary']) {
      const refused = await get(url, owner);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.code).toBe(ERROR_CODES.brandSuspended);
    }
    const blocked = await submit(t.app, participant, k.campaign.id, k.cm.id, { kind: 'general', answers: [] });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.code).toBe(ERROR_CODES.campaignNotActive);
    // Other brands go on.
    expect((await get('/api/campaign/bundle', await t.signIn('partner@partner.test'))).statusCode).toBe(200);

    const approved = await post(`/api/operator/brands/${brandId}/status`, operator, { status: 'active' });
    expect(approved.json()).toMatchObject({ status: 'active' });
    expect((await get('/api/campaign/bundle', owner)).statusCode).toBe(200);
    expect((await submit(t.app, participant, k.campaign.id, k.cm.id, { kind: 'general', answers: [] })).statusCode).toBe(201);

    const audit = (await get('/api/operator/audit', operator)).json() as { items: { action: string; operator: { name: string }; brand: { id: string } }[] };
    expect(audit.items.slice(0, 2).map((a) => a.action)).toEqual(['brand.approved', 'brand.suspended']);
    expect(audit.items[0]).toMatchObject({ operator: { name: 'Olga Operator' }, brand: { id: brandId } });
    const log = (await get('/api/activity?area=brand', owner)).json() as { items: { action: string; actor: { kind: string; name: string }; changes: { field: string; old: unknown; new: unknown }[] }[] };
    const lines = log.items.filter((i) => i.action === 'brand.suspended' || i.action === 'brand.approved');
    expect(lines.map((l) => l.action)).toEqual(['brand.approved', 'brand.suspended']);
    expect(lines[1]).toMatchObject({ actor: { kind: 'operator', name: 'Olga Operator' } });
    expect(lines[1]!.changes).toEqual([
      { field: 'status', old: 'active', new: 'suspended' },
      { field: 'reason', old: null, new: 'unpaid invoices' },
    ]);
  });

  it('answers 404 for an unknown brand and 400 naming status for an unknown status', async () => {
    expect((await post('/api/operator/brands/no-such-brand/status', operator, { status: 'suspended' })).statusCode).toBe(404);
    const bad = await post(`/api/operator/brands/${t.brandIds.partner}/status`, operator, { status: 'deleted' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.map((f: { path: string }) => f.path)).toContain('status');
  });
});

describe('the consumer switch', () => {
  it("turns a brand's consumer feature on and off, seen by its members, audited in both logs", async () => {
    const brandId = t.brandIds.partner;
    const partner = await t.signIn('partner@partner.test');
    expect(ZMe.parse((await get('/api/me', partner)).json()).brand.consumerEnabled).toBe(false);
    const on = await post(`/api/operator/brands/${brandId}/consumer`, operator, { enabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ consumerEnabled: true });
    expect(ZMe.parse((await get('/api/me', partner)).json()).brand.consumerEnabled).toBe(true);
    await post(`/api/operator/brands/${brandId}/consumer`, operator, { enabled: false });
    const [row] = await rows<{ consumer_enabled: boolean }>(sql`select consumer_enabled from brands where id = ${brandId}`);
    expect(row!.consumer_enabled).toBe(false);
    const logged = await rows<{ actor_kind: string; changes: unknown }>(
      sql`select actor_kind, changes from brand_activity where brand_id = ${brandId} and action = 'brand.consumer_switched' order by id`,
    );
    expect(logged).toEqual([
      { actor_kind: 'operator', changes: [{ field: 'consumerEnabled', old: false, new: true }] },
      { actor_kind: 'operator', changes: [{ field: 'consumerEnabled', old: true, new: false }] },
    ]);
    const [n] = await rows<{ n: string }>(sql`select count(*) as n from operator_audit where brand_id = ${brandId} and action = 'brand.consumer_switched'`);
    expect(Number(n!.n)).toBe(2);
  });
});

describe('platform totals', () => {
  it('count brands, users, campaigns by status, completions and the money the wallets took in and paid out', async () => {
    const before = ZPlatformTotals.parse((await get('/api/operator/totals', operator)).json());
    const [users] = await rows<{ n: string }>(sql`select count(*) as n from users`);
    expect(before.brands.total).toBe(Object.keys(t.brandIds).length);
    expect(before.brands.active + before.brands.suspended).toBe(before.brands.total);
    expect(before.users).toBe(Number(users!.n));
    expect(before.users).toBeGreaterThanOrEqual(DEMO_USERS.length + 1);

    const brandId = t.brandIds.retailer;
    await factories(db()).campaign(brandId, { status: 'ended', name: 'Ended one' });
    const k = await runningCampaign(db(), brandId, { participants: 1 });
    const participant = await playCookie(db(), brandId, k.users[0]!.id);
    expect((await submit(t.app, participant, k.campaign.id, k.cm.id, { kind: 'general', answers: [] })).statusCode).toBe(201);
    await db().execute(sql`insert into wallet_ledger (brand_id, kind, amount_cents, note) values (${brandId}, 'adjustment', 12345, 'test credit')`);
    await db().execute(sql`insert into wallet_ledger (brand_id, kind, amount_cents, note) values (${brandId}, 'adjustment', -2345, 'test debit')`);
    const [brand] = await rows<{ currency: string }>(sql`select currency from brands where id = ${brandId}`);

    const after = ZPlatformTotals.parse((await get('/api/operator/totals', operator)).json());
    expect(after.campaigns.ended).toBe(before.campaigns.ended + 1);
    expect(after.campaigns.active).toBe(before.campaigns.active + 1);
    expect(after.completions).toBe(before.completions + 1);
    const money = (x: TPlatformTotals) => x.money.find((m) => m.currency === brand!.currency) ?? { paidIn: 0, paidOut: 0, balance: 0 };
    expect(money(after).paidIn - money(before).paidIn).toBe(12345);
    expect(money(after).paidOut - money(before).paidOut).toBe(2345);
    expect(money(after).balance - money(before).balance).toBe(10000);
    const [wallets] = await rows<{ n: string }>(sql`select coalesce(sum(wallet_balance_cents), 0) as n from brands where currency = ${brand!.currency}`);
    expect(money(after).balance).toBe(Number(wallets!.n));
  });
});
