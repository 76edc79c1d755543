import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { factories } from '../../testing/factories.js';
import { startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture.js';
import { hashPassword } from '../auth/index.js';

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

/** One person employed by a store of two brands: two store users with one email. */
async function twoStoreUsers(email: string, password?: string) {
  const f = factories(t.database.db);
  const passwordHash = password ? await hashPassword(password) : null;
  const a = await f.store(t.brandIds.owner, { name: 'Downtown' });
  const b = await f.store(t.brandIds.partner, { name: 'Harbour' });
  const first = await f.storeUser(t.brandIds.owner, a.id, { email, passwordHash });
  const second = await f.storeUser(t.brandIds.partner, b.id, { email, passwordHash });
  return { first, second };
}

const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, payload });

async function mailedCode(email: string): Promise<string> {
  const before = sink.messages.length;
  await post('/api/play/auth/request-code', { email });
  // Mailed by a background job after the answer.
  await sink.waitFor((m) => sink.messages.indexOf(m) >= before && m.to.includes(email));
  return /code is (\d{6})/.exec(sink.messages.slice(before).find((m) => m.to.includes(email))!.text)![1]!;
}

describe('an email with several participant accounts (R63)', () => {
  it('lists the stores a code opens without using it, then signs in as the store the participant chose', async () => {
    const email = 'two.stores@people.test';
    const { first, second } = await twoStoreUsers(email);
    const code = await mailedCode(email);
    const listed = await post('/api/play/auth/accounts', { email, code });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().accounts).toEqual([
      { kind: 'store_user', id: first.id, brandName: expect.any(String), storeName: 'Downtown' },
      { kind: 'store_user', id: second.id, brandName: expect.any(String), storeName: 'Harbour' },
    ]);
    const chosen = await post('/api/play/auth/verify-code', { email, code, account: { kind: 'store_user', id: second.id } });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().participant).toMatchObject({ id: second.id, brandId: t.brandIds.partner, storeName: 'Harbour' });
  });

  it('signs in as the first account without a choice, and refuses an account that is not the email’s before using the code', async () => {
    const email = 'default.store@people.test';
    const { first } = await twoStoreUsers(email);
    const stranger = await factories(t.database.db).storeUser(t.brandIds.owner, (await factories(t.database.db).store(t.brandIds.owner)).id, { email: 'someone.else@people.test' });
    const code = await mailedCode(email);
    const foreign = await post('/api/play/auth/verify-code', { email, code, account: { kind: 'store_user', id: stranger.id } });
    expect([foreign.statusCode, foreign.json().error.fields]).toEqual([400, [{ path: 'account', message: 'not an account of this email' }]]);
    const plain = await post('/api/play/auth/verify-code', { email, code });
    expect(plain.json().participant).toMatchObject({ id: first.id, brandId: t.brandIds.owner });
  });

  it('offers with a password only the accounts that password opens, and a wrong code or password lists nothing', async () => {
    const email = 'password.stores@people.test';
    const { first, second } = await twoStoreUsers(email, 'demo1234');
    const listed = await post('/api/play/auth/accounts', { email, password: 'demo1234' });
    expect(listed.json().accounts.map((a: { id: number }) => a.id)).toEqual([first.id, second.id]);
    const signedIn = await post('/api/play/auth/sign-in', { email, password: 'demo1234', account: { kind: 'store_user', id: second.id } });
    expect(signedIn.json().participant.id).toBe(second.id);
    expect((await post('/api/play/auth/accounts', { email, password: 'nope1234' })).statusCode).toBe(401);
    expect((await post('/api/play/auth/accounts', { email, code: '000000' })).statusCode).toBe(401);
    const neither = await post('/api/play/auth/accounts', { email });
    expect([neither.statusCode, neither.json().error.fields[0].path]).toEqual([400, 'code']);
  });
});
