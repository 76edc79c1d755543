import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZNotificationChoices, ZNotificationList, type TNotificationList } from '@rally/domain';
import { factories } from '../../testing/factories.js';
import { playCookie, runningCampaign, submit, uploadReceipt } from '../../testing/engine-kit.js';
import { startLocalPushService, type LocalPushService } from '../../testing/push-service.js';
import { startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { FAN_OUT_JOB, fanOutEvent } from './notification-jobs.js';

let t: TestApp;
let smtp: SmtpCapture;
let push: LocalPushService;
let owner: string;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  push = await startLocalPushService();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, NOTIFICATION_SWEEP_SECONDS: '0.2' } });
  owner = await t.signIn('owner@brand.test');
}, 480_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await push?.close();
});

const db = () => t.database.db;
const brand = () => t.brandIds.owner;
const f = () => factories(db());
const rows = async <T>(q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: T[] }).rows;

async function inbox(cookie: string): Promise<TNotificationList> {
  const res = await t.app.inject({ method: 'GET', url: '/api/play/notifications', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return ZNotificationList.parse(res.json());
}

/** Polls the inbox until `predicate` holds (the fan-out is a job after the change commits). */
async function inboxUntil(cookie: string, predicate: (l: TNotificationList) => boolean, ms = 15_000): Promise<TNotificationList> {
  const until = Date.now() + ms;
  for (;;) {
    const list = await inbox(cookie);
    if (predicate(list)) return list;
    if (Date.now() > until) throw new Error(`inbox never matched: ${JSON.stringify(list)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function until(check: () => Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const eventOf = async (key: string) => (await rows<{ id: string }>(sql`select id from notification_events where event_key = ${key}`))[0];
const itemsOf = async (eventId: number | string) =>
  (await rows<{ participant: string; n: number }>(sql`select participant, count(*)::int as n from notifications where event_id = ${eventId} group by participant`)).sort((a, b) =>
    a.participant.localeCompare(b.participant),
  );

/** A scheduled campaign reaching one approved store of three active staff (a pending store's staff are not reached). */
async function scheduledCampaign(name: string) {
  const store = await f().store(brand());
  const staff = [];
  for (let i = 0; i < 3; i++) staff.push(await f().storeUser(brand(), store.id, { name: `Staff ${i + 1}` }));
  const pendingStore = await f().store(brand(), { status: 'pending' });
  const outsider = await f().storeUser(brand(), pendingStore.id);
  // Deactivated staff of the reached store are not told either.
  const inactive = await f().storeUser(brand(), store.id, { status: 'inactive' });
  const campaign = await f().campaign(brand(), { name, status: 'scheduled', scopeType: 'store', scopePks: [store.id], startDate: new Date(Date.now() + 3_600_000) });
  return { store, staff, outsider, inactive, campaign };
}

const activate = (campaignId: number) => db().execute(sql`update campaigns set status = 'active' where id = ${campaignId}`);

describe('a campaign launch', () => {
  it('gives each person it reaches one inbox item, however often the fan-out job runs again', async () => {
    const k = await scheduledCampaign('Summer sprint');
    const cookie = await playCookie(db(), brand(), k.staff[0]!.id);
    expect((await inbox(cookie)).items.filter((i) => i.campaignId === k.campaign.id)).toEqual([]);

    await activate(k.campaign.id);
    const list = await inboxUntil(cookie, (l) => l.items.some((i) => i.campaignId === k.campaign.id));
    expect(list.items.find((i) => i.campaignId === k.campaign.id)).toMatchObject({ kind: 'campaign-launched', read: false, data: { campaignName: 'Summer sprint' } });

    const event = (await eventOf(`launch:${k.campaign.id}`))!;
    // Retries: the job again, the use case again, and the event put back as if the first run had crashed after writing.
    await t.app.jobs.send(FAN_OUT_JOB, { eventId: Number(event.id) });
    await t.app.jobs.drain();
    await fanOutEvent(db(), Number(event.id));
    await db().execute(sql`update notification_events set fanned_out_at = null where id = ${event.id}`);
    await fanOutEvent(db(), Number(event.id));
    // Paused and resumed, or started again: still the one event.
    await db().execute(sql`update campaigns set status = 'scheduled' where id = ${k.campaign.id}`);
    await activate(k.campaign.id);
    await t.app.jobs.drain();

    expect(await itemsOf(event.id)).toEqual(k.staff.map((s) => ({ participant: `u:${s.id}`, n: 1 })).sort((a, b) => a.participant.localeCompare(b.participant)));
    expect(await rows(sql`select 1 from notification_events where event_key like ${`launch:${k.campaign.id}`}`)).toHaveLength(1);
    const outsiderCookie = await playCookie(db(), brand(), k.outsider.id);
    expect((await inbox(outsiderCookie)).items.filter((i) => i.campaignId === k.campaign.id)).toEqual([]);
    expect(await rows(sql`select 1 from notifications where participant = ${`u:${k.inactive.id}`}`)).toEqual([]);
  }, 60_000);

  it('writes no event when the change rolls back', async () => {
    const k = await scheduledCampaign('Rolled back');
    await db()
      .transaction(async (tx) => {
        await tx.execute(sql`update campaigns set status = 'active' where id = ${k.campaign.id}`);
        throw new Error('abort');
      })
      .catch(() => undefined);
    expect(await eventOf(`launch:${k.campaign.id}`)).toBeUndefined();
  });
});

describe('engine events', () => {
  it('tells the participant of an unlock once, and of an accepted or rejected entry with the reason', async () => {
    const k = await runningCampaign(db(), brand(), { mission: { subtype: 'itemSold' }, items: 'options', participants: 1 });
    await db().execute(sql`update campaigns set name = 'Juice week' where id = ${k.campaign.id}`);
    const reward = await k.reward({ type: 'discount', title: 'Ten off', completionsToUnlock: 1, maxPerUser: 0, isUnlimited: true });
    await k.codes(reward.id, 5);
    const cookie = await playCookie(db(), brand(), k.users[0]!.id);
    const sale = async (seed: number) => {
      const receiptUploadId = await uploadReceipt(t.app, cookie, seed);
      const res = await submit(t.app, cookie, k.campaign.id, k.cm.id, { kind: 'itemSold', items: [{ itemId: k.itemIds[0], quantity: 1 }], salesAmountCents: 500, receiptUploadId });
      expect(res.statusCode).toBe(201);
      return res.json().completion as { id: number };
    };
    const receiptOf = async (completionId: number) => (await rows<{ id: string }>(sql`select id from receipts where completion_id = ${completionId}`))[0]!.id;
    const accepted = await sale(101);
    const rejected = await sale(102);
    const acceptId = await receiptOf(accepted.id);
    const rejectId = await receiptOf(rejected.id);
    // Two reviewers accept at once: one settles it, so one event.
    const answers = await Promise.all(
      [0, 1].map(() => t.app.inject({ method: 'POST', url: `/api/receipt-scan/receipts/${acceptId}/accept`, headers: { cookie: owner }, payload: {} })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toContain(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/receipt-scan/receipts/${rejectId}/reject`,
      headers: { cookie: owner },
      payload: { reason: 'The photo is not a receipt' },
    });
    expect(refused.statusCode).toBe(200);

    const list = await inboxUntil(cookie, (l) => ['reward-unlocked', 'entry-accepted', 'entry-rejected'].every((kind) => l.items.some((i) => i.kind === kind && i.campaignId === k.campaign.id)));
    const mine = list.items.filter((i) => i.campaignId === k.campaign.id);
    expect(mine.map((i) => i.kind).sort()).toEqual(['entry-accepted', 'entry-rejected', 'reward-unlocked']);
    expect(mine.find((i) => i.kind === 'reward-unlocked')!.data).toMatchObject({ campaignName: 'Juice week', rewardTitle: 'Ten off' });
    expect(mine.find((i) => i.kind === 'entry-rejected')!.data).toMatchObject({ reason: 'The photo is not a receipt', missionTitle: 'Test mission' });
    expect(list.unread).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('tells a winner of the prize given by hand', async () => {
    const k = await runningCampaign(db(), brand(), { participants: 1 });
    await db().execute(sql`insert into reward_unlocks (brand_id, campaign_id, reward_id, store_user_id, status)
      select ${brand()}, ${k.campaign.id}, r.id, ${k.users[0]!.id}, 'awaiting_assignment' from rewards r where r.id = ${(await k.reward({ type: 'prize', title: 'Bike' })).id}`);
    await db().execute(sql`update reward_unlocks set status = 'assigned', assigned_at = now() where campaign_id = ${k.campaign.id}`);
    const cookie = await playCookie(db(), brand(), k.users[0]!.id);
    const list = await inboxUntil(cookie, (l) => l.items.some((i) => i.kind === 'prize-assigned' && i.campaignId === k.campaign.id));
    expect(list.items.find((i) => i.kind === 'prize-assigned')!.data.rewardTitle).toBe('Bike');
  }, 30_000);
});

describe('the inbox', () => {
  it('marks my items read, never another person\'s', async () => {
    const k = await scheduledCampaign('Read me');
    await activate(k.campaign.id);
    const [a, b] = [await playCookie(db(), brand(), k.staff[0]!.id), await playCookie(db(), brand(), k.staff[1]!.id)];
    const listA = await inboxUntil(a, (l) => l.items.some((i) => i.campaignId === k.campaign.id));
    const listB = await inboxUntil(b, (l) => l.items.some((i) => i.campaignId === k.campaign.id));
    const itemB = listB.items.find((i) => i.campaignId === k.campaign.id)!;
    const res = await t.app.inject({ method: 'POST', url: '/api/play/notifications/read', headers: { cookie: a }, payload: { ids: [itemB.id, listA.items[0]!.id] } });
    expect(res.json()).toEqual({ unread: listA.unread - 1 });
    expect((await inbox(b)).items.find((i) => i.id === itemB.id)!.read).toBe(false);
    const all = await t.app.inject({ method: 'POST', url: '/api/play/notifications/read', headers: { cookie: a }, payload: {} });
    expect(all.json()).toEqual({ unread: 0 });
    const bad = await t.app.inject({ method: 'POST', url: '/api/play/notifications/read', headers: { cookie: a }, payload: { ids: ['x'] } });
    expect([bad.statusCode, bad.json().error.fields[0].path]).toEqual([400, 'ids.0']);
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/play/notifications' });
    expect(signedOut.statusCode).toBe(401);
  }, 30_000);
});

describe('choices and channels', () => {
  it('saves choices per kind and channel, and refuses what cannot be', async () => {
    const store = await f().store(brand());
    const noMail = await f().storeUser(brand(), store.id, { email: null });
    const cookie = await playCookie(db(), brand(), noMail.id);
    const initial = ZNotificationChoices.parse((await t.app.inject({ method: 'GET', url: '/api/play/notifications/choices', headers: { cookie } })).json());
    expect(initial.choices).toHaveLength(12);
    expect(initial.choices.filter((c) => c.channel === 'push').every((c) => c.enabled)).toBe(true);
    expect(initial.choices.filter((c) => c.channel === 'mail').every((c) => !c.enabled)).toBe(true);
    expect(initial.canMail).toBe(false);

    const mail = await t.app.inject({ method: 'POST', url: '/api/play/notifications/choices', headers: { cookie }, payload: { choices: [{ kind: 'reward-unlocked', channel: 'mail', enabled: true }] } });
    expect([mail.statusCode, mail.json().error.fields[0].path]).toEqual([400, 'choices.0.enabled']);
    const badKind = await t.app.inject({ method: 'POST', url: '/api/play/notifications/choices', headers: { cookie }, payload: { choices: [{ kind: 'spam', channel: 'push', enabled: true }] } });
    expect([badKind.statusCode, badKind.json().error.fields[0].path]).toEqual([400, 'choices.0.kind']);
    const inboxOff = await t.app.inject({ method: 'POST', url: '/api/play/notifications/choices', headers: { cookie }, payload: { choices: [{ kind: 'reward-unlocked', channel: 'inbox', enabled: false }] } });
    expect([inboxOff.statusCode, inboxOff.json().error.fields[0].path]).toEqual([400, 'choices.0.channel']);
    const saved = await t.app.inject({ method: 'POST', url: '/api/play/notifications/choices', headers: { cookie }, payload: { choices: [{ kind: 'campaign-ending', channel: 'push', enabled: false }] } });
    expect(saved.statusCode).toBe(200);
    expect(ZNotificationChoices.parse(saved.json()).choices.find((c) => c.kind === 'campaign-ending' && c.channel === 'push')!.enabled).toBe(false);

    const plainHttp = await t.app.inject({
      method: 'POST',
      url: '/api/play/notifications/push-subscriptions',
      headers: { cookie },
      payload: { endpoint: 'http://push.example.com/x', keys: push.subscribe().keys },
    });
    expect([plainHttp.statusCode, plainHttp.json().error.fields[0].path]).toEqual([400, 'endpoint']);
    const badKey = await t.app.inject({
      method: 'POST',
      url: '/api/play/notifications/push-subscriptions',
      headers: { cookie },
      payload: { endpoint: 'https://push.example.com/x', keys: { p256dh: 'abc', auth: push.subscribe().keys.auth } },
    });
    expect([badKey.statusCode, badKey.json().error.fields[0].path]).toEqual([400, 'keys.p256dh']);
  });

  it('pushes to subscribed browsers (VAPID-signed, encrypted) and mails who chose mail, as each chose', async () => {
    const k = await scheduledCampaign('Push week');
    const mailed = k.staff[2];
    const cookies = await Promise.all(k.staff.map((s) => playCookie(db(), brand(), s.id)));
    const key = (await t.app.inject({ method: 'GET', url: '/api/play/notifications/push-key', headers: { cookie: cookies[0]! } })).json().publicKey as string;
    const subs = [push.subscribe(), push.subscribe(), push.subscribe()];
    const gone = push.subscribe();
    for (const [i, s] of [subs[0], subs[1], subs[2]].entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/play/notifications/push-subscriptions',
        headers: { cookie: cookies[i]! },
        payload: { endpoint: s!.endpoint, keys: s!.keys, language: i === 0 ? 'fr' : 'en' },
      });
      expect(res.statusCode).toBe(201);
    }
    // A second browser of the first person, since unsubscribed at its push service.
    await t.app.inject({ method: 'POST', url: '/api/play/notifications/push-subscriptions', headers: { cookie: cookies[0]! }, payload: { endpoint: gone.endpoint, keys: gone.keys } });
    push.expire(gone.id);
    await t.app.inject({ method: 'POST', url: '/api/play/notifications/choices', headers: { cookie: cookies[1]! }, payload: { choices: [{ kind: 'campaign-launched', channel: 'push', enabled: false }] } });
    await t.app.inject({
      method: 'POST',
      url: '/api/play/notifications/choices',
      headers: { cookie: cookies[2]! },
      payload: { choices: [{ kind: 'campaign-launched', channel: 'mail', enabled: true }, { kind: 'campaign-launched', channel: 'push', enabled: false }] },
    });

    await activate(k.campaign.id);
    const received = await push.waitFor((p) => p.subscriptionId === subs[0]!.id);
    expect(received.vapid.key).toBe(key);
    expect(received.vapid.claims.aud).toBe(push.url);
    expect(received.vapid.claims.sub).toBe('mailto:no-reply@rally.local');
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(received.headers['ttl'])).toBeGreaterThan(0);
    expect(JSON.parse(received.payload)).toMatchObject({ kind: 'campaign-launched', title: 'Nouvelle campagne : Push week', url: '/play/inbox' });

    const mail = await smtp.waitFor((m) => m.to.includes(mailed!.email!) && m.subject.includes('Push week'), 30_000);
    expect(mail.subject).toBe('New campaign: Push week');
    expect(mail.text).toContain('Push week now reaches you');

    await until(async () => (await rows(sql`select 1 from push_subscriptions where endpoint = ${gone.endpoint}`)).length === 0);
    await t.app.jobs.drain();
    expect(push.received.filter((p) => [subs[1]!.id, subs[2]!.id].includes(p.subscriptionId))).toEqual([]);
    expect(push.received.filter((p) => p.subscriptionId === subs[0]!.id)).toHaveLength(1);
    expect(smtp.messages.filter((m) => m.subject.includes('Push week')).map((m) => m.to)).toEqual([[mailed!.email]]);
    expect(push.refused).toEqual([]);
    // Everyone still has the item in the inbox, whatever their channels.
    for (const cookie of cookies) expect((await inbox(cookie)).items.some((i) => i.campaignId === k.campaign.id)).toBe(true);
  }, 60_000);

  it('mails a participant in the language they saved in /play, over their browser\'s', async () => {
    const k = await scheduledCampaign('Semana de prueba');
    const [speaker] = k.staff;
    const cookie = await playCookie(db(), brand(), speaker!.id);
    // Their browser subscribed in English; in /play settings they then chose Spanish.
    const sub = push.subscribe();
    const subscribed = await t.app.inject({ method: 'POST', url: '/api/play/notifications/push-subscriptions', headers: { cookie }, payload: { endpoint: sub.endpoint, keys: sub.keys, language: 'en' } });
    expect(subscribed.statusCode).toBe(201);
    const settings = await t.app.inject({ method: 'PATCH', url: '/api/play/me/settings', headers: { cookie }, payload: { language: 'es' } });
    expect(settings.statusCode).toBe(200);
    const chose = await t.app.inject({ method: 'POST', url: '/api/play/notifications/choices', headers: { cookie }, payload: { choices: [{ kind: 'campaign-launched', channel: 'mail', enabled: true }] } });
    expect(chose.statusCode).toBe(200);

    await activate(k.campaign.id);
    const mail = await smtp.waitFor((m) => m.to.includes(speaker!.email!) && m.subject.includes('Semana de prueba'), 30_000);
    expect(mail.subject).toBe('Nueva campaña: Semana de prueba');
    expect(mail.text).toContain('Semana de prueba ya te incluye');
    expect(mail.text).toContain('Recibes este correo');
    expect(mail.html).toContain('lang="es"');
    // The push keeps the language its browser subscribed with.
    const pushed = await push.waitFor((p) => p.subscriptionId === sub.id);
    expect(JSON.parse(pushed.payload)).toMatchObject({ title: 'New campaign: Semana de prueba' });
  }, 60_000);

  it('announces a campaign ending within 24 hours once', async () => {
    const k = await scheduledCampaign('Last call');
    await db().execute(sql`update campaigns set status = 'active', end_date = now() + interval '3 hours' where id = ${k.campaign.id}`);
    const cookie = await playCookie(db(), brand(), k.staff[0]!.id);
    // The ending sweep runs each minute; its statement is what it runs, twice.
    const { insertEndingEvents } = await import('./notifications.repository.js');
    await insertEndingEvents(db(), 24 * 3600);
    await insertEndingEvents(db(), 24 * 3600);
    const list = await inboxUntil(cookie, (l) => l.items.some((i) => i.kind === 'campaign-ending' && i.campaignId === k.campaign.id));
    expect(list.items.find((i) => i.kind === 'campaign-ending')!.data.endsAt).toBeGreaterThan(Date.now() / 1000);
    expect(await itemsOf((await eventOf(`ending:${k.campaign.id}`))!.id)).toHaveLength(3);
  }, 30_000);
});
