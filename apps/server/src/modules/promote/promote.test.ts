import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { factories } from '../../testing/factories.js';
import { startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture.js';

let t: TestApp;
let mail: SmtpCapture;
let owner: string;
beforeAll(async () => {
  mail = await startSmtpCapture();
  t = await createTestApp({ env: { SMTP_URL: mail.url, PROMOTE_DAILY_LIMIT: '4' } });
  owner = await t.signIn('owner@brand.test');
});
afterAll(async () => {
  await t.close();
  await mail.close();
});
const db = () => t.database.db;
const call = (method: 'GET' | 'POST', url: string, payload?: unknown, cookie = owner) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

/** A launched general campaign over two groups of stores: A (manager + employee), B (employees only), C outside its reach. */
async function launchedCampaign(tag: string) {
  const f = factories(db());
  const b = t.brandIds.owner;
  const [a, bStore, c] = [await f.store(b, { name: `${tag} A`, status: 'approved' }), await f.store(b, { name: `${tag} B`, status: 'approved' }), await f.store(b, { name: `${tag} C`, status: 'approved' })];
  await f.storeUser(b, a.id, { email: `mgr.${tag}@a.test`, role: 'manager' });
  await f.storeUser(b, a.id, { email: `staff.${tag}@a.test` });
  await f.storeUser(b, bStore.id, { email: `one.${tag}@b.test` });
  await f.storeUser(b, bStore.id, { email: `two.${tag}@b.test` });
  await f.storeUser(b, c.id, { email: `x.${tag}@c.test`, role: 'manager' });
  const campaign = await f.campaign(b, { name: `Promo ${tag}`, status: 'active', scopeType: 'store', scopePks: [a.id, bStore.id], endDate: new Date('2030-01-31T12:00:00Z') });
  return { a, b: bStore, c, campaign };
}

describe('promote', () => {
  it('lists the reach\'s stores, mails the chosen ones (managers, else staff) from a background job, and logs each delivery', async () => {
    await db().execute(sql`delete from promote_deliveries`);
    const k = await launchedCampaign('one');
    const recipients = (await call('GET', `/api/campaign/${k.campaign.id}/promote/recipients`)).json();
    expect(recipients.items.map((s: { name: string; emails: number }) => [s.name, s.emails])).toEqual([['one A', 1], ['one B', 2]]);
    expect(recipients).toMatchObject({ dailyLimit: 4, remainingToday: 4, truncated: false });
    const preview = (await call('GET', `/api/campaign/${k.campaign.id}/promote/preview?emailTemplate=reminder&language=es`)).json();
    expect(preview.subject).toBe('Recordatorio: Promo one');
    expect(preview.text).toContain('sigue en marcha hasta el 31 de enero de 2030');
    const res = await call('POST', `/api/campaign/${k.campaign.id}/promote`, { retailers: [k.a.id, k.b.id], emailTemplate: 'announcement', emailSubject: 'Our new campaign' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ queued: 3, unsubscribed: 0, remainingToday: 1 });
    await t.app.jobs.drain();
    const mine = mail.messages.filter((m) => m.subject === 'Our new campaign');
    expect(mine.flatMap((m) => m.to).sort()).toEqual(['mgr.one@a.test', 'one.one@b.test', 'two.one@b.test']);
    const toManager = mine.find((m) => m.to.includes('mgr.one@a.test'))!;
    expect(toManager.text).toContain('Hello one A team,');
    expect(toManager.html).toContain('Promo one');
    // mailparser files List-Unsubscribe under 'list'.
    expect(JSON.stringify(Object.fromEntries(toManager.headers))).toMatch(/unsubscribe\/promote\?t=/);
    const log = (await call('GET', `/api/campaign/${k.campaign.id}/promote/log`)).json();
    expect(log.counts).toEqual({ queued: 0, sent: 3, failed: 0, unsubscribed: 0 });
    expect(log.items[0]).toMatchObject({ status: 'sent', sendId: res.json().sendId });
  });

  it('refuses stores outside the reach, bad fields, consumer and unlaunched campaigns, other brands, and the brand\'s limit', async () => {
    await db().execute(sql`delete from promote_deliveries`);
    const k = await launchedCampaign('two');
    const body = { retailers: [k.a.id], emailTemplate: 'announcement', emailSubject: 'Hi' };
    const outside = await call('POST', `/api/campaign/${k.campaign.id}/promote`, { ...body, retailers: [k.a.id, k.c.id] });
    expect([outside.statusCode, outside.json().error.fields[0].path]).toEqual([400, 'retailers.1']);
    const bad = await call('POST', `/api/campaign/${k.campaign.id}/promote`, { ...body, emailTemplate: 'spam', emailSubject: '' });
    expect(bad.json().error.fields.map((f: { path: string }) => f.path).sort()).toEqual(['emailSubject', 'emailTemplate']);
    const f = factories(db());
    const consumer = await f.campaign(t.brandIds.owner, { type: 'consumer', status: 'active' });
    expect((await call('POST', `/api/campaign/${consumer.id}/promote`, body)).statusCode).toBe(409);
    const draft = await f.campaign(t.brandIds.owner, { status: 'draft' });
    expect((await call('POST', `/api/campaign/${draft.id}/promote`, body)).statusCode).toBe(409);
    const partner = await t.signIn('partner@partner.test');
    expect((await call('POST', `/api/campaign/${k.campaign.id}/promote`, body, partner)).statusCode).toBe(404);
    expect((await call('GET', `/api/campaign/${k.campaign.id}/promote/log`, undefined, partner)).statusCode).toBe(404);
    // Limit 4 a day: 3 then 2 more is over.
    expect((await call('POST', `/api/campaign/${k.campaign.id}/promote`, { ...body, retailers: [k.a.id, k.b.id] })).json().remainingToday).toBe(1);
    const over = await call('POST', `/api/campaign/${k.campaign.id}/promote`, { ...body, retailers: [k.b.id] });
    expect([over.statusCode, over.json().error.code, over.json().error.fields[0].path]).toEqual([429, 'RATE_LIMITED', 'retailers']);
    expect((await call('POST', `/api/campaign/${k.campaign.id}/promote`, body)).json().remainingToday).toBe(0);
    await t.app.jobs.drain();
  });

  it('the signed unsubscribe link asks, records, and the address gets no more promote mail from the brand', async () => {
    await db().execute(sql`delete from promote_deliveries`);
    const k = await launchedCampaign('three');
    await call('POST', `/api/campaign/${k.campaign.id}/promote`, { retailers: [k.a.id], emailTemplate: 'last_chance', emailSubject: 'Last call three' });
    const sent = await mail.waitFor((m) => m.subject === 'Last call three');
    const link = /(http:\/\/localhost:3000\/unsubscribe\/promote\?t=[\w.-]+)/.exec(sent.text)![1]!;
    const path = link.replace('http://localhost:3000', '');
    const ask = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'fr' } });
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('mgr.three@a.test');
    expect(ask.body).toContain('<form method="post">');
    const unsubscribed = async () => ((await db().execute(sql`select 1 from promote_unsubscribes where email = 'mgr.three@a.test'`)) as unknown as { rows: unknown[] }).rows.length;
    expect(await unsubscribed()).toBe(0);
    const forged = await t.app.inject({ method: 'POST', url: path.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(forged.statusCode).toBe(400);
    const done = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect(await unsubscribed()).toBe(1);
    const again = (await call('POST', `/api/campaign/${k.campaign.id}/promote`, { retailers: [k.a.id, k.b.id], emailTemplate: 'reminder', emailSubject: 'Again three' })).json();
    expect(again).toMatchObject({ queued: 2, unsubscribed: 1 });
    await t.app.jobs.drain();
    expect(mail.messages.filter((m) => m.subject === 'Again three').flatMap((m) => m.to).sort()).toEqual(['one.three@b.test', 'two.three@b.test']);
    const log = (await call('GET', `/api/campaign/${k.campaign.id}/promote/log`)).json();
    expect(log.counts).toMatchObject({ sent: 3, unsubscribed: 1 });
    expect((await call('GET', `/api/campaign/${k.campaign.id}/promote/recipients`)).json().items[0]).toMatchObject({ name: 'three A', emails: 0 });
  });
});
