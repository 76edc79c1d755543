import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_REQUEST_HEADER, CODE_ALPHABETS, type TGenerateCodesResult, type TStockAlerts } from '@rally/domain';
import { playCookie, runningCampaign, submit } from '../../testing/engine-kit.js';
import { startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

// Generated codes and low-stock alerts (decision 0031) through the real routes, engine and mail: codes drawn into a
// pool beside uploaded ones and exported; a code pool and a money budget falling under their thresholds in the submit
// that spends them, mailed once per crossing over SMTP, and again only after a refill.

let t: TestApp;
let mail: SmtpCapture;
let owner: string;
const db = () => t.database.db;
const rows = <T>(q: ReturnType<typeof sql>) => t.database.rows<T>(q);
const general = { kind: 'general', answers: [] };

beforeAll(async () => {
  mail = await startSmtpCapture();
  t = await createTestApp({ env: { SMTP_URL: mail.url } });
  owner = await t.signIn('owner@brand.test');
  await db().execute(sql`update brands set smart_review_enabled = false where id = ${t.brandIds.owner}`);
}, 600_000);
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie = owner) =>
  t.app.inject({ method, url, headers: { cookie, [APP_REQUEST_HEADER]: '1' }, ...(payload ? { payload } : {}) });
const generate = (campaignId: number, rewardId: number, body: object) => inject('POST', `/api/v3/bundle/${campaignId}/reward/${rewardId}/generate-codes`, body);
const setAlerts = (campaignId: number, rewardId: number, body: object) => inject('PUT', `/api/v3/bundle/${campaignId}/reward/${rewardId}/stock-alerts`, body);

async function poolOf(rewardId: number) {
  return rows<{ code: string; issued_at: string | null }>(sql`select code, issued_at from reward_codes where reward_id = ${rewardId} order by id`);
}

describe('generated codes', () => {
  it('fills a pool from the pattern with distinct codes, draws again what meets an uploaded code, and exports the pool', async () => {
    const k = await runningCampaign(db(), t.brandIds.owner);
    const reward = await k.reward({ type: 'discount', title: 'Ten off', percentageDiscount: 10, isUnlimited: true });
    // 3,584 of the 4,096 codes X + 12 of "AB" uploaded: seven draws in eight of a 4-code generation meet one of them.
    const space = Array.from({ length: 4096 }, (_, n) => `X${n.toString(2).padStart(12, '0').replaceAll('0', 'A').replaceAll('1', 'B')}`);
    const uploaded = space.slice(0, 3584);
    const added = await inject('POST', '/api/v3/bundle/add-reward-codes', { rewardId: reward.id, uploadedCodes: { codes: uploaded } });
    expect(added.statusCode, added.body).toBe(200);

    const res = await generate(k.campaign.id, reward.id, { prefix: 'X', length: 12, alphabet: 'AB', count: 4 });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as TGenerateCodesResult;
    expect(result.added).toBe(4);
    expect(result.regenerated).toBeGreaterThan(0);
    expect(result.availableCodes).toBe(3588);
    const pool = (await poolOf(reward.id)).map((c) => c.code);
    expect(new Set(pool).size).toBe(3588);
    const uploadedSet = new Set(uploaded);
    const fresh = pool.filter((c) => !uploadedSet.has(c));
    expect(fresh).toHaveLength(4);
    for (const code of fresh) expect(code).toMatch(/^X[AB]{12}$/);

    // A larger pattern: 2,000 codes of the unambiguous alphabet, all distinct and of the pattern.
    const big = await generate(k.campaign.id, reward.id, { prefix: 'SPRING-', length: 8, alphabet: CODE_ALPHABETS.unambiguous, count: 2000 });
    expect(big.json()).toMatchObject({ added: 2000, availableCodes: 5588 });
    const spring = (await poolOf(reward.id)).map((c) => c.code).filter((c) => c.startsWith('SPRING-'));
    expect(new Set(spring).size).toBe(2000);
    expect(spring.every((c) => /^SPRING-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/.test(c))).toBe(true);

    // One code issued, then the pool as CSV: every code once, the issued one marked.
    const cookie = await playCookie(db(), t.brandIds.owner, k.users[0]!.id);
    const unlocked = await submit(t.app, cookie, k.campaign.id, k.cm.id, general);
    expect(unlocked.statusCode, unlocked.body).toBe(201);
    const csv = await inject('GET', `/api/v3/bundle/${k.campaign.id}/reward/${reward.id}/codes.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain(`reward-${reward.id}-codes.csv`);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('code,status,issued_at,added_at');
    expect(lines).toHaveLength(5589);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(5588);
    expect(lines.filter((l) => l.split(',')[1] === 'issued')).toHaveLength(1);
  });

  it('refuses a count over the cap, a pattern too small for its count and a reward without codes, naming the field; another brand finds nothing', async () => {
    const k = await runningCampaign(db(), t.brandIds.owner);
    const code = await k.reward({ type: 'free_product', title: 'Free can' });
    const cash = await k.reward({ type: 'money', title: 'Cash', amountCents: 100, budgetCents: 1000 });
    const field = (res: { json(): unknown }) => (res.json() as { error: { fields: { path: string }[] } }).error.fields.map((f) => f.path);

    const tooMany = await generate(k.campaign.id, code.id, { length: 16, alphabet: CODE_ALPHABETS.alphanumeric, count: 100_001 });
    expect(tooMany.statusCode).toBe(400);
    expect(field(tooMany)).toContain('count');
    const tooShort = await generate(k.campaign.id, code.id, { length: 4, alphabet: CODE_ALPHABETS.digits, count: 100 });
    expect(tooShort.statusCode).toBe(400);
    expect(field(tooShort)).toContain('length');
    const repeated = await generate(k.campaign.id, code.id, { length: 8, alphabet: 'AAB', count: 1 });
    expect(field(repeated)).toContain('alphabet');
    const noCodes = await generate(k.campaign.id, cash.id, { length: 8, alphabet: CODE_ALPHABETS.alphanumeric, count: 1 });
    expect(noCodes.statusCode).toBe(400);
    expect(field(noCodes)).toContain('rewardId');

    const retailer = await t.signIn('retailer@retail.test');
    const elsewhere = await inject('POST', `/api/v3/bundle/${k.campaign.id}/reward/${code.id}/generate-codes`, { length: 8, alphabet: CODE_ALPHABETS.alphanumeric, count: 1 }, retailer);
    expect(elsewhere.statusCode).toBe(404);
    expect((await inject('GET', `/api/v3/bundle/${k.campaign.id}/reward/${code.id}/codes.csv`, undefined, retailer)).statusCode).toBe(404);
    expect(await poolOf(code.id)).toHaveLength(0);
  });
});

describe('low-stock alerts', () => {
  const subjectOf = (kind: 'Codes' | 'Budget', title: string) => (m: { subject: string }) => m.subject.startsWith(`${kind} running low: ${title}`);
  /** Every crossing mailed (the sweep runs each second in tests). */
  const allMailed = () =>
    vi.waitFor(async () => expect(await rows(sql`select id from reward_stock_alerts where mailed_at is null`)).toHaveLength(0), { timeout: 10_000, interval: 100 });

  it('mails owners and admins once when a code pool falls under its threshold, sends the codes.low webhook, and alerts again only after a refill', async () => {
    const k = await runningCampaign(db(), t.brandIds.owner);
    const reward = await k.reward({ type: 'discount', title: 'Pool alert', percentageDiscount: 5, isUnlimited: true });
    await k.codes(reward.id, 5);
    await db().execute(sql`insert into webhook_endpoints (brand_id, url, events, secret_enc)
      values (${t.brandIds.owner}, 'http://127.0.0.1:9/hook', array['codes.low'], 'unused')`);
    const set = await setAlerts(k.campaign.id, reward.id, { codesBelow: 3, budgetBelowCents: null });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ codesBelow: 3, budgetBelowCents: null, codesLeft: 5, budgetLeftCents: null, codesLow: false, budgetLow: false } satisfies TStockAlerts);

    // A copy of the campaign takes the threshold, not the codes (a code is given once): its pool is empty, unmarked.
    const copy = await inject('POST', `/api/campaign/${k.campaign.id}/duplicate`);
    expect(copy.statusCode, copy.body).toBeLessThan(300);
    const [copied] = await rows<{ id: number; t: number | null; codes: number }>(
      sql`select r.id, r.codes_low_threshold as t, (select count(*)::int from reward_codes c where c.reward_id = r.id) as codes
          from rewards r where r.campaign_id = ${(copy.json() as { id: number }).id}`,
    );
    expect([copied!.t, copied!.codes]).toEqual([3, 0]);

    const cookie = await playCookie(db(), t.brandIds.owner, k.users[0]!.id);
    const spend = async () => expect((await submit(t.app, cookie, k.campaign.id, k.cm.id, general)).statusCode).toBe(201);
    await spend();
    await spend(); // 3 left: not under 3
    expect(await rows(sql`select id from reward_stock_alerts where reward_id = ${reward.id}`)).toHaveLength(0);
    await spend(); // 2 left: the crossing
    const alerts = await rows<{ kind: string; threshold: string; remaining: string }>(sql`select kind, threshold, remaining from reward_stock_alerts where reward_id = ${reward.id}`);
    expect(alerts.map((a) => [a.kind, Number(a.threshold), Number(a.remaining)])).toEqual([['codes', 3, 2]]);
    const hooks = await rows<{ event_type: string; payload: { rewardId: number; codesLeft: number } }>(
      sql`select event_type, payload from webhook_messages where brand_id = ${t.brandIds.owner} and event_type = 'codes.low'`,
    );
    expect(hooks.map((h) => [h.event_type, h.payload.rewardId, h.payload.codesLeft])).toEqual([['codes.low', reward.id, 2]]);
    const sent = await mail.waitFor(subjectOf('Codes', 'Pool alert'), 10_000);
    expect(sent.to).toContain('owner@brand.test');
    expect(sent.text).toContain('2 codes are left');
    expect(sent.text).toContain(`/campaign/${k.campaign.id}`);

    await spend(); // 1 left: still under, no second alert
    await allMailed();
    expect(await rows(sql`select id from reward_stock_alerts where reward_id = ${reward.id}`)).toHaveLength(1);
    expect(mail.messages.filter(subjectOf('Codes', 'Pool alert'))).toHaveLength(1);
    expect((await inject('GET', `/api/v3/bundle/${k.campaign.id}/reward/${reward.id}/stock-alerts`)).json()).toMatchObject({ codesLeft: 1, codesLow: true });

    // Refilled to the threshold (1 + 2 generated = 3): the next claim crosses again.
    const refill = await generate(k.campaign.id, reward.id, { length: 8, alphabet: CODE_ALPHABETS.unambiguous, count: 2 });
    expect(refill.json()).toMatchObject({ added: 2, availableCodes: 3 });
    await spend();
    expect(await rows(sql`select id from reward_stock_alerts where reward_id = ${reward.id}`)).toHaveLength(2);
    await vi.waitFor(() => expect(mail.messages.filter(subjectOf('Codes', 'Pool alert'))).toHaveLength(2), { timeout: 10_000, interval: 100 });
  });

  it('mails once when a money budget falls under its threshold, re-armed by a payment that lifts it back', async () => {
    const k = await runningCampaign(db(), t.brandIds.owner);
    const reward = await k.reward({ type: 'money', title: 'Budget alert', amountCents: 100, budgetCents: 1000, budgetPaidCents: 1000, isUnlimited: true });
    const refused = await setAlerts(k.campaign.id, reward.id, { codesBelow: 5, budgetBelowCents: 350 });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { error: { fields: { path: string }[] } }).error.fields[0]!.path).toBe('codesBelow');
    expect((await setAlerts(k.campaign.id, reward.id, { codesBelow: null, budgetBelowCents: 350 })).json()).toMatchObject({ budgetLeftCents: 1000, budgetLow: false });

    const cookie = await playCookie(db(), t.brandIds.owner, k.users[0]!.id);
    const spend = async () => expect((await submit(t.app, cookie, k.campaign.id, k.cm.id, general)).statusCode).toBe(201);
    for (let i = 0; i < 6; i++) await spend(); // 400 left
    expect(await rows(sql`select id from reward_stock_alerts where reward_id = ${reward.id}`)).toHaveLength(0);
    await spend(); // 300 left: the crossing
    await spend(); // 200 left: no second alert
    const alerts = await rows<{ remaining: string }>(sql`select remaining from reward_stock_alerts where reward_id = ${reward.id} and kind = 'budget'`);
    expect(alerts.map((a) => Number(a.remaining))).toEqual([300]);
    const sent = await mail.waitFor(subjectOf('Budget', 'Budget alert'), 10_000);
    expect(sent.text).toContain('$3.00 is left');
    await allMailed();
    expect(mail.messages.filter(subjectOf('Budget', 'Budget alert'))).toHaveLength(1);

    // A payment that lifts what is left to 700 re-arms it; spending under 350 again alerts again.
    await db().execute(sql`update rewards set budget_paid_cents = budget_paid_cents + 500, budget_cents = budget_cents + 500 where id = ${reward.id}`);
    expect((await rows<{ a: boolean }>(sql`select budget_low_alerted as a from rewards where id = ${reward.id}`))[0]!.a).toBe(false);
    for (let i = 0; i < 4; i++) await spend(); // 300 left
    expect(await rows(sql`select id from reward_stock_alerts where reward_id = ${reward.id}`)).toHaveLength(2);
    await vi.waitFor(() => expect(mail.messages.filter(subjectOf('Budget', 'Budget alert'))).toHaveLength(2), { timeout: 10_000, interval: 100 });
  });
});
