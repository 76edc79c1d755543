import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_JOIN_COOKIE } from '@rally/domain';
import { cookieHeader, createTestApp, type TestApp } from '../../testing/test-app.js';
import { factories } from '../../testing/factories.js';
import { startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture.js';

let t: TestApp;
let sink: SmtpCapture;
let owner: string;
let retailer: string;
beforeAll(async () => {
  sink = await startSmtpCapture();
  // The per-process limiter high: these tests are about the door's own counts in the database.
  t = await createTestApp({ env: { SMTP_URL: sink.url, SIGN_IN_RATE_LIMIT: '10000' } });
  owner = await t.signIn('owner@brand.test');
  retailer = await t.signIn('retailer@retail.test');
  // A fresh migrated template takes a while on a busy machine.
}, 300_000);
afterAll(async () => {
  await t.close();
  await sink.close();
});

const db = () => t.database.db;
let ips = 0;
/** Each call from its own address unless told, so only the test about the per-address count meets it. */
const post = (url: string, payload: Record<string, unknown>, o: { cookie?: string; ip?: string } = {}) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: o.ip ?? `10.9.${Math.floor(++ips / 250)}.${ips % 250}`, headers: o.cookie ? { cookie: o.cookie } : {} });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

async function approvedStore(brandId = t.brandIds.owner, name = 'Join Street') {
  return factories(db()).store(brandId, { name });
}

async function linkOf(storeId: number, cookie = owner) {
  const res = await get(`/api/stores/${storeId}/join-link`, cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as { storeId: number; code: string; url: string };
}

async function mailedCodeAfter(before: number, email: string): Promise<string> {
  await sink.waitFor((m) => sink.messages.indexOf(m) >= before && m.to.includes(email));
  return /code is (\d{6})/.exec(sink.messages.slice(before).find((m) => m.to.includes(email))!.text)![1]!;
}

/** Asks for a code with the store code, reads it from the mail and signs up: the answer and its cookies. */
async function join(storeCode: string, email: string, name = 'Nina Newcomer') {
  const before = sink.messages.length;
  const asked = await post('/api/play/join/request-code', { storeCode, email });
  expect(asked.statusCode).toBe(200);
  const code = await mailedCodeAfter(before, email);
  return post('/api/play/join/verify', { storeCode, email, code, name });
}

const staffRow = async (email: string) =>
  rowsOf<{ id: number; status: string; store_id: number }>(await db().execute(sql`select id, status, store_id from store_users where lower(email) = ${email}`))[0];
const totalUsers = async (storeId: number) =>
  Number(rowsOf<{ total_users: number }>(await db().execute(sql`select total_users from stores where id = ${storeId}`))[0]!.total_users);

describe('join by store code', () => {
  it('gives an approved store one secret join link, the same on every read, and a new one on rotation', async () => {
    const store = await approvedStore();
    const first = await linkOf(store.id);
    expect(first.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.url).toBe(`http://localhost:3000/play/join/${first.code}`);
    expect((await linkOf(store.id)).code).toBe(first.code);
    const rotated = await t.app.inject({ method: 'POST', url: `/api/stores/${store.id}/join-link/rotate`, headers: { cookie: owner } });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().code).not.toBe(first.code);
    // The old link no longer mails anyone, and its answer is the same as a working link's.
    const before = sink.messages.length;
    const old = await post('/api/play/join/request-code', { storeCode: first.code, email: 'old.link@people.test' });
    expect([old.statusCode, old.json()]).toEqual([200, { ok: true, expiresInSeconds: 600 }]);
    await post('/api/play/join/request-code', { storeCode: rotated.json().code, email: 'new.link@people.test' });
    await mailedCodeAfter(before, 'new.link@people.test');
    expect(sink.messages.slice(before).some((m) => m.to.includes('old.link@people.test'))).toBe(false);
  });

  it("refuses a link for a store that is not approved (409 naming id) or another brand's (404)", async () => {
    const pending = await factories(db()).store(t.brandIds.owner, { status: 'pending' });
    const res = await get(`/api/stores/${pending.id}/join-link`, owner);
    expect([res.statusCode, res.json().error.fields]).toEqual([409, [{ path: 'id', message: 'the store is pending' }]]);
    const theirs = await approvedStore(t.brandIds.retailer);
    expect((await get(`/api/stores/${theirs.id}/join-link`, owner)).statusCode).toBe(404);
  });

  it('answers a code that names no store exactly as a real one, and a made-up code cannot sign anyone up', async () => {
    const store = await approvedStore();
    const { code: real } = await linkOf(store.id);
    const fake = 'A'.repeat(22);
    const a = await post('/api/play/join/request-code', { storeCode: real, email: 'probe.a@people.test' });
    const b = await post('/api/play/join/request-code', { storeCode: fake, email: 'probe.b@people.test' });
    expect([a.statusCode, a.json()]).toEqual([b.statusCode, b.json()]);
    // A known participant can get a sign-in code by the ordinary door; it does not open a made-up store code.
    const known = await factories(db()).storeUser(t.brandIds.retailer, (await approvedStore(t.brandIds.retailer)).id, { email: 'known.person@people.test' });
    const before = sink.messages.length;
    await post('/api/play/auth/request-code', { email: known.email! });
    const code = await mailedCodeAfter(before, known.email!);
    const guess = await post('/api/play/join/verify', { storeCode: fake, email: known.email!, code, name: 'Guesser' });
    expect([guess.statusCode, guess.json().error.fields[0].path]).toEqual([401, 'code']);
    // …and the mailed code was spent on that guess.
    const again = await post('/api/play/join/verify', { storeCode: real, email: known.email!, code, name: 'Guesser' });
    expect(again.statusCode).toBe(401);
    const malformed = await post('/api/play/join/request-code', { storeCode: 'short', email: 'x@people.test' });
    expect([malformed.statusCode, malformed.json().error.fields[0].path]).toEqual([400, 'storeCode']);
  });

  it('makes a newcomer pending, shows them waiting, lists them for the brand, and the approval lets them in', async () => {
    const store = await approvedStore(t.brandIds.retailer, 'Harbour Retail');
    const { code } = await linkOf(store.id, retailer);
    const email = 'nina.newcomer@people.test';
    const joined = await join(code, email);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({ status: 'pending', name: 'Nina Newcomer', storeName: 'Harbour Retail', brandName: expect.any(String) });
    expect(joined.cookies.map((c) => c.name)).toEqual([STORE_JOIN_COOKIE]);
    const waiting = cookieHeader(joined);
    expect((await get('/api/play/join/status', waiting)).json().status).toBe('pending');
    const person = (await staffRow(email))!;
    expect([person.status, person.store_id]).toEqual(['pending', store.id]);
    expect(await totalUsers(store.id)).toBe(0);
    // Not in yet: no /play session.
    expect((await post('/api/play/join/enter', {}, { cookie: waiting })).statusCode).toBe(409);

    const list = await get('/api/store-join/requests', retailer);
    expect(list.json().items).toContainEqual(expect.objectContaining({ storeUserId: person.id, email, storeName: 'Harbour Retail', status: 'pending' }));
    // Another brand neither sees nor decides it.
    expect((await get('/api/store-join/requests', owner)).json().items.some((i: { storeUserId: number }) => i.storeUserId === person.id)).toBe(false);
    const foreign = await post(`/api/store-join/requests/${person.id}/decision`, { decision: 'approve' }, { cookie: owner });
    expect(foreign.statusCode).toBe(404);

    const approved = await post(`/api/store-join/requests/${person.id}/decision`, { decision: 'approve' }, { cookie: retailer });
    expect([approved.statusCode, approved.json().status]).toEqual([200, 'active']);
    expect(await totalUsers(store.id)).toBe(1);
    expect((await get('/api/play/join/status', waiting)).json().status).toBe('active');
    const entered = await post('/api/play/join/enter', {}, { cookie: waiting });
    expect(entered.statusCode).toBe(200);
    expect(entered.json().participant).toMatchObject({ kind: 'store_user', id: person.id, storeName: 'Harbour Retail' });
    const session = entered.cookies.find((c) => c.name === 'rally_play_session')!;
    expect((await get('/api/play/me', `rally_play_session=${session.value}`)).json().participant.id).toBe(person.id);
    // The waiting page's token opened one session; it is spent.
    expect((await post('/api/play/join/enter', {}, { cookie: waiting })).statusCode).toBe(404);
    const twice = await post(`/api/store-join/requests/${person.id}/decision`, { decision: 'refuse' }, { cookie: retailer });
    expect([twice.statusCode, twice.json().error.fields]).toEqual([409, [{ path: 'storeUserId', message: 'already active' }]]);
    const activity = rowsOf<{ action: string }>(await db().execute(sql`select action from brand_activity where brand_id = ${t.brandIds.retailer} and subject_id = ${String(person.id)}`));
    expect(activity.map((a) => a.action)).toEqual(['staff.join_approved']);
  });

  it('shows a refused newcomer as refused, and a new request puts them back in the list', async () => {
    const store = await approvedStore();
    const { code } = await linkOf(store.id);
    const email = 'rory.refused@people.test';
    const waiting = cookieHeader(await join(code, email, 'Rory'));
    const person = (await staffRow(email))!;
    const refused = await post(`/api/store-join/requests/${person.id}/decision`, { decision: 'refuse' }, { cookie: owner });
    expect([refused.statusCode, refused.json().status]).toEqual([200, 'rejected']);
    expect((await get('/api/play/join/status', waiting)).json().status).toBe('rejected');
    expect((await get('/api/store-join/requests?status=decided', owner)).json().items).toContainEqual(expect.objectContaining({ storeUserId: person.id, status: 'rejected' }));
    expect((await join(code, email, 'Rory')).json().status).toBe('pending');
    expect((await get('/api/store-join/requests', owner)).json().items).toContainEqual(expect.objectContaining({ storeUserId: person.id, status: 'pending' }));
  });

  it('lets newcomers in at once when the brand turns auto-approve on', async () => {
    const store = await approvedStore(t.brandIds.partner, 'Auto Store');
    const partner = await t.signIn('partner@partner.test');
    const { code } = await linkOf(store.id, partner);
    expect((await get('/api/store-join/settings', partner)).json()).toEqual({ autoApprove: false });
    const on = await t.app.inject({ method: 'PUT', url: '/api/store-join/settings', payload: { autoApprove: true }, headers: { cookie: partner } });
    expect([on.statusCode, on.json()]).toEqual([200, { autoApprove: true }]);
    const joined = await join(code, 'ada.auto@people.test', 'Ada');
    expect(joined.json()).toMatchObject({ status: 'active', storeName: 'Auto Store' });
    const session = joined.cookies.find((c) => c.name === 'rally_play_session')!;
    expect((await get('/api/play/me', `rally_play_session=${session.value}`)).json().participant.storeName).toBe('Auto Store');
    expect(await totalUsers(store.id)).toBe(1);
    expect((await get('/api/store-join/requests?status=decided', partner)).json().items).toContainEqual(expect.objectContaining({ email: 'ada.auto@people.test', autoApproved: true }));
    const bad = await t.app.inject({ method: 'PUT', url: '/api/store-join/settings', payload: { autoApprove: 'yes' }, headers: { cookie: partner } });
    expect([bad.statusCode, bad.json().error.fields[0].path]).toEqual([400, 'autoApprove']);
  });

  it('keeps a deactivated person out: joining again shows them deactivated and changes nothing', async () => {
    const store = await approvedStore();
    const { code } = await linkOf(store.id);
    const gone = await factories(db()).storeUser(t.brandIds.owner, store.id, { email: 'dee.gone@people.test', status: 'inactive' });
    const joined = await join(code, 'dee.gone@people.test', 'Dee');
    expect([joined.statusCode, joined.json().status]).toEqual([200, 'inactive']);
    expect(joined.cookies.some((c) => c.name === 'rally_play_session')).toBe(false);
    expect((await staffRow('dee.gone@people.test'))!.status).toBe('inactive');
    expect(gone.id).toBe((await staffRow('dee.gone@people.test'))!.id);
  });

  it('counts attempts per store code and per address, for codes that name no store as for real ones (429 with Retry-After)', async () => {
    const fake = 'Z'.repeat(22);
    let last = await post('/api/play/join/request-code', { storeCode: fake, email: 'r0@people.test' });
    for (let i = 1; i <= 30 && last.statusCode === 200; i++) last = await post('/api/play/join/request-code', { storeCode: fake, email: `r${i}@people.test` });
    expect([last.statusCode, last.json().error.fields[0].path]).toEqual([429, 'storeCode']);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // One address: 20 free attempts whatever the codes, then 429 without a field.
    const ip = '10.250.0.1';
    let fromOne = await post('/api/play/join/request-code', { storeCode: 'B'.repeat(22), email: 'ip0@people.test' }, { ip });
    for (let i = 1; i <= 21 && fromOne.statusCode === 200; i++)
      fromOne = await post('/api/play/join/request-code', { storeCode: `${'C'.repeat(20)}${String(i).padStart(2, '0')}`, email: `ip${i}@people.test` }, { ip });
    expect([fromOne.statusCode, fromOne.json().error.fields]).toEqual([429, []]);
  });

  it('downloads a printable poster with the QR code of the link', async () => {
    const store = await approvedStore();
    const res = await get(`/api/stores/${store.id}/join-poster.pdf`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(1500);
  });
});
