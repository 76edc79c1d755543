import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAY_SESSION_COOKIE } from '@rally/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { hashPassword } from '../auth/index.js';
import { playCookie, runningCampaign, submit } from '../../testing/engine-kit.js';
import { factories } from '../../testing/factories.js';
import { startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture.js';
import { campaigns, completions } from '../../db/schema/index.js';

let t: TestApp;
let sink: SmtpCapture;
beforeAll(async () => {
  sink = await startSmtpCapture();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});
const db = () => t.database.db;
const cookieOf = (setCookie: string | string[] | undefined) =>
  String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;

describe('participant sign-in', () => {
  it('mails a one-time code over SMTP and signs the store user in with it, once', async () => {
    const k = await runningCampaign(db(), t.brandIds.owner);
    const email = k.users[0]!.email!;
    const asked = await t.app.inject({ method: 'POST', url: '/api/play/auth/request-code', payload: { email } });
    expect(asked.json()).toEqual({ ok: true, expiresInSeconds: 600 });
    await sink.waitFor((m) => m.to.includes(email));
    const code = /code is (\d{6})/.exec(sink.messages.find((m) => m.to.includes(email))!.text)![1]!;
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/play/auth/verify-code',
      payload: { email, code: code === '000000' ? '111111' : '000000' },
    });
    expect([wrong.statusCode, wrong.json().error.fields[0].path]).toEqual([401, 'code']);
    const ok = await t.app.inject({ method: 'POST', url: '/api/play/auth/verify-code', payload: { email, code } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().participant).toMatchObject({ kind: 'store_user', id: k.users[0]!.id, storeId: k.store.id });
    expect(String(ok.headers['set-cookie'])).toMatch(new RegExp(`^${PLAY_SESSION_COOKIE}=.+HttpOnly; SameSite=Lax`));
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/play/me',
      headers: { cookie: cookieOf(ok.headers['set-cookie']) },
    });
    expect(me.json().participant.email).toBe(email);
    const reused = await t.app.inject({ method: 'POST', url: '/api/play/auth/verify-code', payload: { email, code } });
    expect(reused.statusCode).toBe(401);
  });

  it('answers an unknown email like a known one and mails nothing', async () => {
    // Codes are mailed by a background job after the answer: earlier tests' mail is out before counting.
    await t.app.jobs.drain();
    const before = sink.messages.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/play/auth/request-code',
      payload: { email: 'nobody@nowhere.test' },
    });
    expect(res.json()).toEqual({ ok: true, expiresInSeconds: 600 });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/play/auth/request-code',
      payload: { email: 'not-an-email' },
    });
    expect(bad.json().error.fields[0].path).toBe('email');
    await t.app.jobs.drain();
    expect(sink.messages.length).toBe(before);
  });

  it('signs a store user with a password in (demo store users: demo1234) and refuses a wrong one', async () => {
    const f = factories(db());
    const store = await f.store(t.brandIds.owner);
    const u = await f.storeUser(t.brandIds.owner, store.id, {
      email: 'demo.staff@store.test',
      passwordHash: await hashPassword('demo1234'),
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/play/auth/sign-in',
      payload: { email: u.email, password: 'nope' },
    });
    expect([bad.statusCode, bad.json().error.fields[0].path]).toEqual([401, 'password']);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/play/auth/sign-in',
      payload: { email: 'DEMO.staff@store.test', password: 'demo1234' },
    });
    expect(ok.json().participant.id).toBe(u.id);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/play/auth/sign-out',
      headers: { cookie: cookieOf(ok.headers['set-cookie']) },
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/play/me',
      headers: { cookie: cookieOf(ok.headers['set-cookie']) },
    });
    expect(after.statusCode).toBe(401);
  });

  it('lets a consumer join through an active consumer campaign in their country', async () => {
    const k = await runningCampaign(db(), t.brandIds.owner, { type: 'consumer' });
    await db().execute(sql`update campaigns set country_codes = '{FR}' where id = ${k.campaign.id}`);
    const email = 'claire@consumer.test';
    await t.app.inject({
      method: 'POST',
      url: '/api/play/auth/request-code',
      payload: { email, join: { campaignUid: k.campaign.publicUid, name: 'Claire', countryCode: 'fr' } },
    });
    await sink.waitFor((m) => m.to.includes(email));
    const code = /code is (\d{6})/.exec(sink.messages.find((m) => m.to.includes(email))!.text)![1]!;
    const ok = await t.app.inject({ method: 'POST', url: '/api/play/auth/verify-code', payload: { email, code } });
    expect(ok.json().participant).toMatchObject({ kind: 'consumer', countryCode: 'FR', storeId: null });
    const cookie = cookieOf(ok.headers['set-cookie']);
    const list = await t.app.inject({ method: 'GET', url: '/api/play/campaigns', headers: { cookie } });
    expect(list.json().items.map((c: { id: number }) => c.id)).toEqual([k.campaign.id]);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/play/campaigns/${k.campaign.id}`,
      headers: { cookie },
    });
    expect(detail.json().missions[0]).toMatchObject({ maxEntriesPerUser: 1, maxEntriesPerStore: 0, entriesLeft: 1 });
    expect(
      (await submit(t.app, cookie, k.campaign.id, k.cm.id, { kind: 'general', answers: [] })).json().entriesLeft,
    ).toBe(0);
  });
});

describe('participant and dashboard sessions are separate', () => {
  it('a participant cookie opens no dashboard route and a dashboard cookie no /api/play route', async () => {
    const k = await runningCampaign(db(), t.brandIds.owner);
    const play = await playCookie(db(), t.brandIds.owner, k.users[0]!.id);
    const dashboard = await t.signIn('owner@brand.test');
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: play } })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v3/bundle/${k.campaign.id}/report`, headers: { cookie: play } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/play/me', headers: { cookie: dashboard } })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/play/campaigns', headers: { cookie: dashboard } })).statusCode,
    ).toBe(401);
  });
});

describe('participant campaigns', () => {
  it('lists only active campaigns that reach my store by scope, and shows missions without answers and rewards with stock', async () => {
    const k = await runningCampaign(db(), t.brandIds.owner, {
      type: 'learning',
      items: 'questions',
      campaignMission: { passingGrade: 1 },
    });
    const r = await k.reward({
      type: 'discount',
      title: 'Ten',
      percentageDiscount: 10,
      completionsToUnlock: 2,
      maxPerUser: 1,
    });
    await k.codes(r.id, 4);
    const f = factories(db());
    const elsewhere = await f.store(t.brandIds.owner);
    const grouped = await f.group(t.brandIds.owner, [k.store.id]);
    const byStore = await f.campaign(t.brandIds.owner, {
      status: 'active',
      scopeType: 'store',
      scopePks: [elsewhere.id],
    });
    const byGroup = await f.campaign(t.brandIds.owner, {
      status: 'active',
      scopeType: 'group',
      scopePks: [grouped.id],
    });
    const draft = await f.campaign(t.brandIds.owner, { status: 'draft' });
    const cookie = await playCookie(db(), t.brandIds.owner, k.users[0]!.id);
    const ids = (await t.app.inject({ method: 'GET', url: '/api/play/campaigns', headers: { cookie } }))
      .json()
      .items.map((c: { id: number }) => c.id);
    expect(ids).toContain(k.campaign.id);
    expect(ids).toContain(byGroup.id);
    expect(ids).not.toContain(byStore.id);
    expect(ids).not.toContain(draft.id);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/play/campaigns/${byStore.id}`, headers: { cookie } })).statusCode,
    ).toBe(404);
    await submit(t.app, cookie, k.campaign.id, k.cm.id, {
      kind: 'learning',
      answers: k.itemIds.map((itemId) => ({ itemId, optionId: 'a' })),
    });
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/play/campaigns/${k.campaign.id}`, headers: { cookie } })
    ).json();
    expect(JSON.stringify(detail.missions)).not.toContain('correctOptionId');
    expect(detail.missions[0]).toMatchObject({
      submissionKind: 'learning',
      passingGrade: 1,
      entriesLeft: null,
      myCompletions: { accepted: 1 },
    });
    expect(detail.rewards[0]).toMatchObject({
      codesLeft: 4,
      budgetLeftCents: null,
      myProgress: { accepted: 1, needed: 2 },
      myUnlocked: 0,
      canStillUnlock: true,
    });
  });

  it('refuses a completion from a store user the campaign does not reach, and records nothing', async () => {
    const k = await runningCampaign(db(), t.brandIds.owner, { items: 'fields' });
    const f = factories(db());
    const elsewhere = await f.store(t.brandIds.owner);
    const outsider = await f.storeUser(t.brandIds.owner, elsewhere.id, { name: 'Outsider' });
    await db().update(campaigns).set({ scopeType: 'store', scopePks: [k.store.id] }).where(eq(campaigns.id, k.campaign.id));
    const body = { kind: 'general', answers: [{ itemId: k.itemIds[0]!, value: 3 }] };
    const res = await submit(t.app, await playCookie(db(), t.brandIds.owner, outsider.id), k.campaign.id, k.cm.id, body);
    expect(res.statusCode).toBe(404);
    expect(await db().$count(completions, eq(completions.campaignId, k.campaign.id))).toBe(0);
    // A store user of a reached store still can.
    expect((await submit(t.app, await playCookie(db(), t.brandIds.owner, k.users[0]!.id), k.campaign.id, k.cm.id, body)).statusCode).toBe(201);
  });

  it('shows my revealed codes, money earned, and lets me fill a prize form that the dashboard then reads', async () => {
    const k = await runningCampaign(db(), t.brandIds.owner);
    const code = await k.reward({ type: 'gift_card', title: 'Card', amountCents: 500, isUnlimited: true });
    await k.codes(code.id, 2);
    await k.reward({
      type: 'money',
      title: 'Cash',
      amountCents: 250,
      budgetCents: 1000,
      budgetPaidCents: 1000,
      isUnlimited: true,
    });
    const prize = await k.reward({ type: 'prize', title: 'TV' });
    const cookie = await playCookie(db(), t.brandIds.owner, k.users[0]!.id);
    await submit(t.app, cookie, k.campaign.id, k.cm.id, { kind: 'general', answers: [] });
    const mine = (await t.app.inject({ method: 'GET', url: '/api/play/rewards', headers: { cookie } })).json();
    expect(mine.moneyEarnedCents).toBe(250);
    expect(mine.items.find((u: { type: string }) => u.type === 'gift_card').code).toBe(`CODE-${code.id}-1`);
    const p = mine.items.find((u: { type: string }) => u.type === 'prize');
    expect(p.status).toBe('awaiting_assignment');
    const form = {
      fullName: 'Sam Staff',
      phone: '+1 555 0100',
      addressLine1: '1 Main St',
      city: 'Springfield',
      postalCode: '12345',
      countryCode: 'us',
    };
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/play/rewards/${p.unlockId}/prize-form`,
      headers: { cookie },
      payload: { ...form, phone: '' },
    });
    expect(bad.json().error.fields[0].path).toBe('phone');
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/play/rewards/${p.unlockId}/prize-form`,
      headers: { cookie },
      payload: form,
    });
    expect(saved.json().prizeForm).toMatchObject({ fullName: 'Sam Staff', countryCode: 'US' });
    const dashboard = await t.signIn('owner@brand.test');
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/reward/read/prize/user-form',
      headers: { cookie: dashboard },
      payload: { unlockId: p.unlockId, rewardId: prize.id, userId: k.users[0]!.id },
    });
    expect(read.json().form).toMatchObject({ fullName: 'Sam Staff', formId: saved.json().prizeForm.formId });
    const other = await t.signIn('partner@partner.test');
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/reward/read/prize/user-form',
      headers: { cookie: other },
      payload: { unlockId: p.unlockId, rewardId: prize.id, userId: k.users[0]!.id },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
