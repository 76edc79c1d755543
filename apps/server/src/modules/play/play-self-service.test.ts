import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_PARTICIPANT_NAME, ZPlayExport } from '@rally/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { playCookie, runningCampaign, submit } from '../../testing/engine-kit.js';
import { factories } from '../../testing/factories.js';
import { startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture.js';

let t: TestApp;
let sink: SmtpCapture;
beforeAll(async () => {
  sink = await startSmtpCapture();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  // Building the migrated template (after a migration changed) can take minutes on a busy machine.
}, 600_000);
afterAll(async () => {
  await t.close();
  await sink.close();
});
const db = () => t.database.db;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: T[] }).rows;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** A running campaign with a paid money reward (1.50 per entry), two store users, each with a session. */
async function campaignWithTwo() {
  const k = await runningCampaign(db(), t.brandIds.owner, { participants: 2 });
  const money = await k.reward({ type: 'money', title: 'Cash', amountCents: 150, budgetCents: 10_000, budgetPaidCents: 10_000, isUnlimited: true });
  const [me, other] = k.users as [(typeof k.users)[0], (typeof k.users)[0]];
  return { k, money, me, other, myCookie: await playCookie(db(), t.brandIds.owner, me.id), otherCookie: await playCookie(db(), t.brandIds.owner, other.id) };
}

describe('participant settings', () => {
  it('saves name, language and time zone, answers them in /me and goes back to the browser’s with null', async () => {
    const { myCookie } = await campaignWithTwo();
    const saved = await call('PATCH', '/api/play/me/settings', myCookie, { name: '  Sam Renamed ', language: 'fr', timeZone: 'Asia/Tokyo' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().participant).toMatchObject({ name: 'Sam Renamed', language: 'fr', timeZone: 'Asia/Tokyo' });
    const me = await call('GET', '/api/play/me', myCookie);
    expect(me.json().participant).toMatchObject({ name: 'Sam Renamed', language: 'fr', timeZone: 'Asia/Tokyo' });
    const cleared = await call('PATCH', '/api/play/me/settings', myCookie, { timeZone: null });
    expect(cleared.json().participant).toMatchObject({ language: 'fr', timeZone: null });
  });

  it('refuses an unknown time zone, language, an empty name or an empty body, naming the field', async () => {
    const { myCookie } = await campaignWithTwo();
    const zone = await call('PATCH', '/api/play/me/settings', myCookie, { timeZone: 'Mars/Olympus_Mons' });
    expect([zone.statusCode, zone.json().error.fields[0].path]).toEqual([400, 'timeZone']);
    const lang = await call('PATCH', '/api/play/me/settings', myCookie, { language: 'de' });
    expect([lang.statusCode, lang.json().error.fields[0].path]).toEqual([400, 'language']);
    const name = await call('PATCH', '/api/play/me/settings', myCookie, { name: '   ' });
    expect([name.statusCode, name.json().error.fields[0].path]).toEqual([400, 'name']);
    const empty = await call('PATCH', '/api/play/me/settings', myCookie, {});
    expect(empty.statusCode).toBe(400);
    expect((await call('PATCH', '/api/play/me/settings', 'rally_play_session=nope', { name: 'X' })).statusCode).toBe(401);
  });
});

describe('changing my email', () => {
  const codeFor = async (to: string) => {
    // Mailed by a background job after the answer: wait for the queue, then for the SMTP server.
    await t.app.jobs.drain();
    await sink.waitFor((m) => m.to.includes(to));
    return /confirmation code (\d{6})/.exec(sink.messages.filter((m) => m.to.includes(to)).at(-1)!.text)![1]!;
  };

  it('mails a code to the new address and changes the email only with it; the old address no longer signs in', async () => {
    const { me, myCookie } = await campaignWithTwo();
    const next = `new-${me.id}@people.test`;
    const asked = await call('POST', '/api/play/me/email/request-code', myCookie, { email: next.toUpperCase() });
    expect(asked.json()).toEqual({ ok: true, expiresInSeconds: 600 });
    const code = await codeFor(next);
    const wrong = await call('POST', '/api/play/me/email/verify', myCookie, { email: next, code: code === '000000' ? '111111' : '000000' });
    expect([wrong.statusCode, wrong.json().error.fields[0].path]).toEqual([400, 'code']);
    const ok = await call('POST', '/api/play/me/email/verify', myCookie, { email: next, code });
    expect([ok.statusCode, ok.json().participant.email]).toEqual([200, next]);
    expect((await call('GET', '/api/play/me', myCookie)).json().participant.email).toBe(next);
    expect((await call('POST', '/api/play/me/email/verify', myCookie, { email: next, code })).statusCode).toBe(400);
    const accounts = await t.app.inject({ method: 'POST', url: '/api/play/auth/accounts', payload: { email: me.email!, password: 'x' } });
    expect(accounts.statusCode).toBe(401);
  });

  it('refuses another account’s address of the brand, and limits how many codes a participant may ask for', async () => {
    const { other, myCookie } = await campaignWithTwo();
    const taken = await call('POST', '/api/play/me/email/request-code', myCookie, { email: other.email! });
    expect([taken.statusCode, taken.json().error.fields[0].path]).toEqual([409, 'email']);
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) answers.push((await call('POST', '/api/play/me/email/request-code', myCookie, { email: `spam-${i}@people.test` })).statusCode);
    // The refused request above counted too: 3 free, then the back-off.
    expect(answers).toEqual([200, 200, 429, 429]);
    const blocked = await call('POST', '/api/play/me/email/request-code', myCookie, { email: 'again@people.test' });
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('downloading my data', () => {
  it('holds my profile, completions with answers and rewards, and nothing of another participant', async () => {
    const { k, me, other, myCookie, otherCookie } = await campaignWithTwo();
    expect((await submit(t.app, myCookie, k.campaign.id, k.cm.id, { kind: 'general', answers: [] })).statusCode).toBe(201);
    expect((await submit(t.app, otherCookie, k.campaign.id, k.cm.id, { kind: 'general', answers: [] })).statusCode).toBe(201);
    expect((await submit(t.app, otherCookie, k.campaign.id, k.cm.id, { kind: 'general', answers: [] })).statusCode).toBe(201);
    const res = await call('GET', '/api/play/me/export', myCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="rally-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = ZPlayExport.parse(res.json());
    expect(data.profile).toMatchObject({ kind: 'store_user', id: me.id, email: me.email, name: me.name });
    expect(data.completions).toHaveLength(1);
    expect(data.completions[0]).toMatchObject({ campaignId: k.campaign.id, status: 'accepted' });
    expect(data.unlocks).toEqual([expect.objectContaining({ rewardTitle: 'Cash', amountCents: 150, type: 'money' })]);
    const mine = await rows<{ id: number }>(sql`select id from completions where store_user_id = ${me.id}`);
    expect(data.completions.map((c) => c.id)).toEqual(mine.map((r) => Number(r.id)));
    const text = res.body;
    expect(text).not.toContain(other.email!);
    const theirs = await rows<{ id: number }>(sql`select id from completions where store_user_id = ${other.id}`);
    for (const r of theirs) expect(data.completions.some((c) => c.id === Number(r.id))).toBe(false);
  });

  it('streams a participant with more entries than one page in order, each once', async () => {
    const { k, myCookie, me } = await campaignWithTwo();
    // 1,200 entries written directly (the engine path is tested above): more than two pages of the stream.
    await db().execute(sql`insert into completions (brand_id, campaign_id, campaign_mission_id, store_user_id, store_id, status, answers)
      select ${t.brandIds.owner}, ${k.campaign.id}, ${k.cm.id}, ${me.id}, ${k.store.id}, 'accepted', jsonb_build_array(g) from generate_series(1, 1200) g`);
    const data = ZPlayExport.parse((await call('GET', '/api/play/me/export', myCookie)).json());
    expect(data.completions).toHaveLength(1200);
    const ids = data.completions.map((c) => c.id);
    expect(new Set(ids).size).toBe(1200);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });
});

describe('deleting my account', () => {
  const totals = async (campaignId: number, rewardId: number) =>
    (
      await rows<{ completions: number; unlocked: string; spent: string }>(sql`select
        (select count(*)::int from completions where campaign_id = ${campaignId}) as completions,
        (select coalesce(sum(amount_cents), 0)::text from reward_unlocks where campaign_id = ${campaignId}) as unlocked,
        (select coalesce(sum(amount_cents), 0)::text from reward_budget_ledger where reward_id = ${rewardId}) as spent`)
    )[0];

  it('shows the money given up, refuses without confirming that amount, then anonymises and keeps every total', async () => {
    const { k, money, me, myCookie, otherCookie } = await campaignWithTwo();
    await submit(t.app, myCookie, k.campaign.id, k.cm.id, { kind: 'general', answers: [] });
    await submit(t.app, myCookie, k.campaign.id, k.cm.id, { kind: 'general', answers: [] });
    await submit(t.app, otherCookie, k.campaign.id, k.cm.id, { kind: 'general', answers: [] });
    const secondSession = await playCookie(db(), t.brandIds.owner, me.id);
    const before = await totals(k.campaign.id, money.id);
    const ledgerRows = (await rows<{ n: number }>(sql`select count(*)::int as n from reward_budget_ledger where reward_id = ${money.id}`))[0]!.n;

    const preview = await call('GET', '/api/play/me/deletion', myCookie);
    expect(preview.json()).toEqual({ moneyEarnedCents: 300, brandCurrency: expect.any(String), completions: 2, unlocks: 2 });
    const unconfirmed = await call('POST', '/api/play/me/delete', myCookie, { confirm: true });
    expect([unconfirmed.statusCode, unconfirmed.json().error.fields[0].path]).toEqual([400, 'forfeitMoneyCents']);
    const notTrue = await call('POST', '/api/play/me/delete', myCookie, { confirm: false, forfeitMoneyCents: 300 });
    expect([notTrue.statusCode, notTrue.json().error.fields[0].path]).toEqual([400, 'confirm']);

    const deleted = await call('POST', '/api/play/me/delete', myCookie, { confirm: true, forfeitMoneyCents: 300 });
    expect(deleted.statusCode).toBe(200);
    expect(String(deleted.headers['set-cookie'])).toMatch(/Max-Age=0/);
    // Every session of theirs ended, this one and the other device's.
    expect((await call('GET', '/api/play/me', myCookie)).statusCode).toBe(401);
    expect((await call('GET', '/api/play/me', secondSession)).statusCode).toBe(401);

    const [row] = await rows<{ name: string; email: string | null; password_hash: string | null; deleted_at: unknown; status: string }>(
      sql`select name, email, password_hash, deleted_at, status from store_users where id = ${me.id}`,
    );
    expect(row).toMatchObject({ name: DELETED_PARTICIPANT_NAME, email: null, password_hash: null, status: 'inactive' });
    expect(row!.deleted_at).not.toBeNull();
    // Reports, contests and ledgers count exactly what they did.
    expect(await totals(k.campaign.id, money.id)).toEqual(before);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from reward_budget_ledger where reward_id = ${money.id}`))[0]!.n).toBe(ledgerRows);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from completions where store_user_id = ${me.id}`))[0]!.n).toBe(2);
    const logged = await rows<{ action: string; actor_name: string }>(
      sql`select action, actor_name from brand_activity where brand_id = ${t.brandIds.owner} and subject_id = ${String(me.id)} and action = 'participant.account_deleted'`,
    );
    expect(logged).toHaveLength(1);
  });

  it('frees the email: the brand can add the same address again and it signs in as the new person', async () => {
    const { k, me, myCookie } = await campaignWithTwo();
    const email = me.email!;
    expect((await call('POST', '/api/play/me/delete', myCookie, { confirm: true })).statusCode).toBe(200);
    const accounts = await rows<{ id: number }>(sql`select id from store_users where lower(email) = ${email}`);
    expect(accounts).toEqual([]);
    const again = await factories(db()).storeUser(t.brandIds.owner, k.store.id, { email, name: 'Sam Again' });
    expect(again.id).not.toBe(me.id);
  });

  it('deletes a consumer too, whose address may join the brand again', async () => {
    const [c] = await rows<{ id: number }>(
      sql`insert into consumers (brand_id, email, name, country_code) values (${t.brandIds.owner}, 'con@people.test', 'Connie', 'US') returning id`,
    );
    const { createPlaySession } = await import('./index.js');
    const cookie = `rally_play_session=${await createPlaySession(db(), { kind: 'consumer', id: Number(c!.id), brandId: t.brandIds.owner })}`;
    expect((await call('PATCH', '/api/play/me/settings', cookie, { language: 'es', timeZone: 'Europe/Madrid' })).json().participant).toMatchObject({
      kind: 'consumer',
      language: 'es',
      timeZone: 'Europe/Madrid',
    });
    expect((await call('POST', '/api/play/me/delete', cookie, { confirm: true })).statusCode).toBe(200);
    const [row] = await rows<{ email: string | null; name: string; locale: string | null }>(sql`select email, name, locale from consumers where id = ${c!.id}`);
    expect(row).toEqual({ email: null, name: DELETED_PARTICIPANT_NAME, locale: null });
    await db().execute(sql`insert into consumers (brand_id, email, name, country_code) values (${t.brandIds.owner}, 'con@people.test', 'Connie 2', 'US')`);
  });
});
