import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ZBrandActivityPage, type TBrandActivityEntry } from '@rally/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { DEMO_PASSWORD, insertMember, insertPasswordUser } from '../../seed/demo-accounts.js';
import { recordActivity } from './index.js';

let t: TestApp;
let owner: string;
let ownerId: string;
const cookies: Partial<Record<'admin' | 'campaign_manager' | 'analyst' | 'finance', string>> = {};
beforeAll(async () => {
  t = await createTestApp({ env: { SIGN_IN_RATE_LIMIT: '1000' } });
  owner = await t.signIn('owner@brand.test');
  const [o] = await rows<{ id: string }>(sql`select id from users where email = 'owner@brand.test'`);
  ownerId = o!.id;
  for (const role of ['admin', 'campaign_manager', 'analyst', 'finance'] as const) {
    const email = `${role}@activity.test`;
    const id = await insertPasswordUser(t.database.db, email, `The ${role}`, DEMO_PASSWORD);
    await insertMember(t.database.db, t.brandIds.owner, id, role);
    cookies[role] = await t.signIn(email);
  }
}, 60_000);
afterAll(async () => t?.close());

const db = () => t.database.db;
async function rows<T>(q: ReturnType<typeof sql>) {
  return ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
}
const get = (url: string, cookie = owner) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const send = (method: 'POST' | 'PUT', url: string, payload: unknown, cookie = owner) =>
  t.app.inject({ method, url, headers: { cookie, origin: 'http://localhost:3000' }, payload: payload as Record<string, unknown> });
async function list(query = '', cookie = owner) {
  const res = await get(`/api/activity${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return ZBrandActivityPage.parse(res.json());
}
/** Lines written straight to the log, a second apart, oldest first. */
async function seedLines(brandId: string, n: number, start: Date, over: Partial<{ action: string; actorId: string; subjectId: string }> = {}) {
  await db().execute(sql`insert into brand_activity (brand_id, actor_kind, actor_id, actor_name, action, subject_type, subject_id, subject_label, changes, created_at)
    select ${brandId}, 'user', ${over.actorId ?? 'seed-user'}, 'Seed User', ${over.action ?? 'member.role_changed'}, 'member',
           coalesce(${over.subjectId ?? null}::text, 'm' || i), 'Member ' || i, ${JSON.stringify([{ field: 'role', old: 'analyst', new: 'finance' }])}::jsonb,
           ${start.toISOString()}::timestamptz + make_interval(secs => i)
    from generate_series(0, ${n - 1}) as i`);
}

describe('GET /api/activity', () => {
  it("shows the brand's changes newest first — settings, campaigns from their audit, deletions — with who, what and old → new", async () => {
    const created = await send('POST', '/api/campaign/create-draft', { type: 'general' });
    expect(created.statusCode).toBe(201);
    const campaignId = created.json().id as number;
    expect((await send('PUT', '/api/public-page/settings', { leaderboardNames: 'initials' })).statusCode).toBe(200);
    // Saving what is already there is no change and no line.
    expect((await send('PUT', '/api/public-page/settings', { leaderboardNames: 'initials' })).statusCode).toBe(200);
    expect((await send('POST', '/api/v3/bundle/delete-campaign', { bundleId: campaignId })).statusCode).toBe(200);

    const page = await list();
    const actions = page.items.map((i) => i.action);
    expect(actions.slice(0, 2)).toEqual(['campaign.deleted', 'brand.public_page_updated']);
    expect(actions.filter((a) => a === 'brand.public_page_updated')).toHaveLength(1);
    const settings = page.items.find((i) => i.action === 'brand.public_page_updated')!;
    expect(settings.actor).toEqual({ kind: 'user', id: ownerId, name: 'Olivia Owner' });
    expect(settings.changes).toEqual([{ field: 'leaderboardNames', old: 'none', new: 'initials' }]);
    expect(Math.abs(settings.at - Date.now() / 1000)).toBeLessThan(60);
    const deleted = page.items.find((i) => i.action === 'campaign.deleted')!;
    expect(deleted.subject).toEqual({ type: 'campaign', id: String(campaignId), label: expect.any(String) });
    // The campaign's own audit went with it; a live campaign's audit lines are in the log as campaign.<action>.
    const live = await send('POST', '/api/campaign/create-draft', { type: 'general' });
    const after = await list('?area=campaign');
    const createdLine = after.items.find((i) => i.action === 'campaign.create' && i.subject?.id === String(live.json().id));
    expect(createdLine).toMatchObject({ actor: { kind: 'user', name: 'Olivia Owner' }, subject: { type: 'campaign' } });
    const ats = after.items.map((i) => i.at);
    expect([...ats].sort((a, b) => b - a)).toEqual(ats);
  });

  it('is read by owners, admins, analysts and finance; a campaign manager is refused with 403', async () => {
    for (const cookie of [owner, cookies.admin!, cookies.analyst!, cookies.finance!]) expect((await get('/api/activity', cookie)).statusCode).toBe(200);
    for (const url of ['/api/activity', '/api/activity/export.csv']) {
      const res = await get(url, cookies.campaign_manager!);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe(ERROR_CODES.forbidden);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/activity' })).statusCode).toBe(401);
  });

  it('filters by area, action, actor, subject and date range', async () => {
    const brandId = t.brandIds.owner;
    const base = new Date('2031-03-01T10:00:00Z');
    await seedLines(brandId, 3, base, { action: 'partner.invited', actorId: 'filter-actor', subjectId: 'pool-1' });
    await seedLines(brandId, 2, new Date('2031-04-01T10:00:00Z'), { action: 'member.removed', actorId: 'other-actor', subjectId: 'pool-2' });

    const byArea = await list('?area=partner');
    expect(byArea.items.every((i) => i.action.startsWith('partner.'))).toBe(true);
    expect(byArea.items.filter((i) => i.action === 'partner.invited')).toHaveLength(3);
    expect((await list('?action=member.removed')).items).toHaveLength(2);
    const byActor = await list('?actorId=filter-actor');
    expect(byActor.items).toHaveLength(3);
    expect(byActor.items.every((i) => i.actor.id === 'filter-actor')).toBe(true);
    expect((await list('?subjectType=member&subjectId=pool-2')).items).toHaveLength(2);
    const from = Math.floor(base.getTime() / 1000);
    const inMarch = await list(`?from=${from}&to=${from + 2}`);
    expect(inMarch.items.map((i) => i.at)).toEqual([from + 1, from]);
    expect((await list(`?from=${Math.floor(Date.parse('2031-03-15T00:00:00Z') / 1000)}`)).items.map((i) => i.action)).toEqual(['member.removed', 'member.removed']);
    // A campaign filter finds campaign lines only.
    const campaigns = await list('?area=campaign');
    expect(campaigns.items.length).toBeGreaterThan(0);
    expect(campaigns.items.every((i) => i.action.startsWith('campaign.'))).toBe(true);
  });

  it('answers 400 naming the field for a bad filter or cursor', async () => {
    for (const [query, field] of [
      ['?area=nonsense', 'area'],
      ['?action=DROP TABLE', 'action'],
      ['?from=20&to=10', 'to'],
      ['?limit=1000', 'limit'],
      ['?cursor=bm90LWEtY3Vyc29y', 'cursor'],
      ['?extra=1', ''],
    ] as const) {
      const res = await get(`/api/activity${query}`);
      expect(res.statusCode, query).toBe(400);
      if (field) expect(res.json().error.fields.map((f: { path: string }) => f.path), query).toContain(field);
    }
  });

  it('pages by cursor through every line once, newest first, campaign audit lines included', async () => {
    const seen: TBrandActivityEntry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 100);
    const all = await list('?limit=100');
    expect(all.nextCursor).toBeNull();
    expect(seen.map((i) => i.id)).toEqual(all.items.map((i) => i.id));
    expect(new Set(seen.map((i) => i.id)).size).toBe(seen.length);
    expect(seen.some((i) => i.id.startsWith('c'))).toBe(true);
    expect(seen.some((i) => i.id.startsWith('a'))).toBe(true);
  });

  it("never shows one brand's lines to another: brand A's list and CSV hold none of brand B's", async () => {
    const other = t.brandIds.partner;
    await recordActivity(db(), { brandId: other, actor: { kind: 'system' }, action: 'brand.updated', subject: { type: 'brand', id: other, label: 'SECRET-OF-B' } });
    await seedLines(other, 2, new Date(), { action: 'member.invited', actorId: 'b-actor' });
    const mine = await list('?limit=100');
    expect(mine.items.some((i) => i.subject?.label === 'SECRET-OF-B' || i.actor.id === 'b-actor')).toBe(false);
    expect((await list('?actorId=b-actor')).items).toEqual([]);
    const csv = await get('/api/activity/export.csv');
    expect(csv.body).not.toContain('SECRET-OF-B');
    const partner = await t.signIn('partner@partner.test');
    const theirs = await list('?limit=100', partner);
    expect(theirs.items.some((i) => i.subject?.label === 'SECRET-OF-B')).toBe(true);
    expect(theirs.items.every((i) => i.actor.id !== ownerId)).toBe(true);
  });
});

describe('GET /api/activity/export.csv', () => {
  it('exports the filtered lines, one row per changed field, with formula-like text neutralised and commas and quotes quoted', async () => {
    const brandId = t.brandIds.owner;
    await recordActivity(db(), {
      brandId,
      actor: { kind: 'user', userId: 'csv-actor', name: '=HYPERLINK("http://evil.test","click")' },
      action: 'brand.updated',
      subject: { type: 'brand', id: brandId, label: 'Acme, "Inc"' },
      changes: [
        { field: 'name', old: '+1 Old', new: '@SUM(A1:A9)' },
        { field: 'industries', old: ['food'], new: ['food', 'drinks'] },
      ],
    });
    const res = await get('/api/activity/export.csv?actorId=csv-actor');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(res.body).toContain('"Acme, ""Inc"""');
    const parsed = Papa.parse<string[]>(res.body.slice(1).trim()).data;
    expect(parsed[0]).toEqual(['When (UTC)', 'Actor kind', 'Actor', 'Actor id', 'Action', 'Subject type', 'Subject id', 'Subject', 'Field', 'Old', 'New']);
    expect(parsed).toHaveLength(3);
    const [first, second] = [parsed[1]!, parsed[2]!];
    expect(first[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    expect(first.slice(1)).toEqual(['user', `'=HYPERLINK("http://evil.test","click")`, 'csv-actor', 'brand.updated', 'brand', brandId, 'Acme, "Inc"', 'name', "'+1 Old", "'@SUM(A1:A9)"]);
    expect(second.slice(8)).toEqual(['industries', '["food"]', '["food","drinks"]']);
  });

  it('streams a long log whole, across its internal pages, and keeps to the filter', async () => {
    await seedLines(t.brandIds.owner, 1_203, new Date('2030-01-01T00:00:00Z'), { action: 'invitation.sent', actorId: 'bulk-actor' });
    const res = await get('/api/activity/export.csv?action=invitation.sent&actorId=bulk-actor');
    const lines = Papa.parse<string[]>(res.body.slice(1).trim()).data;
    expect(lines).toHaveLength(1 + 1_203);
    expect(new Set(lines.slice(1).map((l) => l[0])).size).toBe(1_203);
    expect(lines.slice(1).every((l) => l[4] === 'invitation.sent')).toBe(true);
  });
});

describe('what writes the log', () => {
  it('switching smart review records billing.smart_review_on/off with the member who did it', async () => {
    const finance = cookies.finance!;
    expect((await send('POST', '/api/receipt-scan/activate', {}, finance)).statusCode).toBe(200);
    expect((await send('POST', '/api/receipt-scan/deactivate', {}, finance)).statusCode).toBe(200);
    const page = await list('?area=billing');
    expect(page.items.slice(0, 2).map((i) => [i.action, i.actor.name, i.changes])).toEqual([
      ['billing.smart_review_off', 'The finance', [{ field: 'smartReview.enabled', old: true, new: false }]],
      ['billing.smart_review_on', 'The finance', [{ field: 'smartReview.enabled', old: false, new: true }]],
    ]);
  });

  it('a card top-up records billing.wallet_topped_up with its amount', async () => {
    const res = await send('POST', '/api/billing/top-up', { amount: 2500, card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } }, cookies.finance!);
    expect(res.statusCode, res.body).toBe(200);
    const [line] = (await list('?action=billing.wallet_topped_up')).items;
    expect(line).toMatchObject({ actor: { kind: 'user', name: 'The finance' }, subject: { type: 'payment' } });
    expect(line!.changes).toContainEqual({ field: 'amount', old: null, new: 2500 });
  });
});
