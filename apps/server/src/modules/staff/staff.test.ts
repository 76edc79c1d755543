import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TMemberRole, TStaffImportResult, TStaffList, TStaffMember } from '@rally/domain';
import { insertMember, insertPasswordUser } from '../../seed/demo-accounts.js';
import { hashPassword } from '../auth/index.js';
import { playCookie, runningCampaign, submit } from '../../testing/engine-kit.js';
import { factories } from '../../testing/factories.js';
import { multipartBody } from '../../testing/multipart.js';
import { startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let mail: SmtpCapture;
let owner: string;
let brand: string;

beforeAll(async () => {
  mail = await startSmtpCapture();
  t = await createTestApp({ env: { SMTP_URL: mail.url } });
  owner = await t.signIn('owner@brand.test');
  brand = t.brandIds.owner;
}, 600_000);
afterAll(async () => {
  await t.close();
  await mail.close();
});

const unique = () => randomBytes(4).toString('hex');
const f = () => factories(t.database.db);

const post = (url: string, cookie: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { cookie, ...headers }, ...(payload ? { payload } : {}) });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

const upload = (step: 'preview' | 'apply', cookie: string, text: string | Buffer, name = 'staff.csv') => {
  const body = multipartBody({ name, type: 'text/csv', bytes: Buffer.isBuffer(text) ? text : Buffer.from(text) });
  return t.app.inject({ method: 'POST', url: `/api/staff/import/${step}`, headers: { cookie, 'content-type': body.contentType }, payload: body.payload });
};

async function memberWithRole(role: TMemberRole) {
  const email = `m-${unique()}@staff.test`;
  const userId = await insertPasswordUser(t.database.db, email, 'Member', 'member-password-1');
  await insertMember(t.database.db, brand, userId, role);
  return t.signIn(email, 'member-password-1');
}

/** A zip of one deflated entry of `size` repeated bytes: it expands about a thousand times (a zip bomb's ratio). */
function oneEntryZip(name: string, size: number): Buffer {
  const data = deflateRawSync(Buffer.alloc(size, 0x61), { level: 9 });
  const file = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(file.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(file.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + file.length, 12);
  end.writeUInt32LE(local.length + file.length + data.length, 16);
  return Buffer.concat([local, file, data, central, file, end]);
}

const totalUsers = async (storeId: number) =>
  (await t.database.rows<{ total_users: number }>(sql`select total_users from stores where id = ${storeId}`))[0]!.total_users;

describe('staff of a store', () => {
  it('invites a person by email in their language with a link to /play, lists them and counts them in the store', async () => {
    const store = await f().store(brand, { name: `Staff store ${unique()}` });
    const email = `Ana.${unique()}@Shop.test`;
    const res = await post('/api/staff', owner, { storeId: store.id, email, name: 'Ana López', role: 'manager', locale: 'es' });
    expect(res.statusCode, res.body).toBe(201);
    const member = res.json<TStaffMember>();
    expect(member).toMatchObject({ storeId: store.id, email: email.toLowerCase(), name: 'Ana López', role: 'manager', status: 'active', locale: 'es' });
    expect(member.invitedAt).not.toBeNull();

    const received = await mail.waitFor((m) => m.to.includes(email.toLowerCase()));
    expect(received.subject).toContain('te invitó');
    const link = /(http:\/\/localhost:3000\/play\?[^\s]+)/.exec(received.text)?.[1];
    expect(link, received.text).toBeDefined();
    const url = new URL(link!);
    expect(url.searchParams.get('lang')).toBe('es');
    expect(url.searchParams.get('email')).toBe(email.toLowerCase());

    const list = await get(`/api/staff/store/${store.id}`, owner);
    expect(list.statusCode).toBe(200);
    expect(list.json<TStaffList>().staff.map((s) => s.email)).toEqual([email.toLowerCase()]);
    expect(await totalUsers(store.id)).toBe(1);
  });

  it("writes the invitation in the inviter's language when the person's is not given", async () => {
    const store = await f().store(brand);
    const email = `fr.${unique()}@shop.test`;
    const res = await post('/api/staff', owner, { storeId: store.id, email, name: 'Luc' }, { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<TStaffMember>()).toMatchObject({ locale: 'fr', role: 'staff' });
    expect((await mail.waitFor((m) => m.to.includes(email))).subject).toContain('vous invite');
  });

  it('refuses an address already on the staff with a 409 naming their store, and bad input with the field', async () => {
    const store = await f().store(brand, { name: 'First store' });
    const email = `dup.${unique()}@shop.test`;
    expect((await post('/api/staff', owner, { storeId: store.id, email, name: 'Dup' })).statusCode).toBe(201);
    const again = await post('/api/staff', owner, { storeId: store.id, email: email.toUpperCase(), name: 'Dup' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual([{ path: 'email', message: 'already on the staff, at First store' }]);

    const bad = await post('/api/staff', owner, { storeId: store.id, email: 'not-an-address', name: ' ', role: 'boss' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { fields: { path: string }[] } }>().error.fields.map((x) => x.path).sort()).toEqual(['email', 'name', 'role']);
  });

  it("answers 404 for another brand's store or person, and 403 to a role without staff:manage", async () => {
    const foreign = await f().store(t.brandIds.partner);
    const foreignUser = await f().storeUser(t.brandIds.partner, foreign.id);
    expect((await post('/api/staff', owner, { storeId: foreign.id, email: `x.${unique()}@shop.test`, name: 'X' })).statusCode).toBe(404);
    expect((await get(`/api/staff/store/${foreign.id}`, owner)).statusCode).toBe(404);
    expect((await post(`/api/staff/${foreignUser.id}/deactivate`, owner)).statusCode).toBe(404);
    const mine = await f().store(brand);
    expect((await post(`/api/staff/${foreignUser.id}/move`, owner, { storeId: mine.id })).statusCode).toBe(404);

    const analyst = await memberWithRole('analyst');
    expect((await get(`/api/staff/store/${mine.id}`, analyst)).statusCode).toBe(200);
    expect((await post('/api/staff', analyst, { storeId: mine.id, email: `y.${unique()}@shop.test`, name: 'Y' })).statusCode).toBe(403);
    const manager = await memberWithRole('campaign_manager');
    expect((await post('/api/staff', manager, { storeId: mine.id, email: `z.${unique()}@shop.test`, name: 'Z' })).statusCode).toBe(201);
  });

  it('deactivates (signed out of /play, out of the head count) and reactivates a person', async () => {
    const store = await f().store(brand);
    const user = await f().storeUser(brand, store.id, { passwordHash: await hashPassword('staff-password-1') });
    await t.database.rows(sql`update stores set total_users = 1 where id = ${store.id}`);
    const cookie = await playCookie(t.database.db, brand, user.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/play/me', headers: { cookie } })).statusCode).toBe(200);

    const off = await post(`/api/staff/${user.id}/deactivate`, owner);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<TStaffMember>().status).toBe('inactive');
    expect(await totalUsers(store.id)).toBe(0);
    expect((await t.database.rows(sql`select 1 from play_sessions where store_user_id = ${user.id}`)).length).toBe(0);
    // Nor can they sign in again: their address opens no account any more.
    const signIn = () => t.app.inject({ method: 'POST', url: '/api/play/auth/accounts', payload: { email: user.email, password: 'staff-password-1' } });
    const refused = await signIn();
    expect(refused.statusCode).toBe(401);

    const on = await post(`/api/staff/${user.id}/reactivate`, owner);
    expect(on.json<TStaffMember>().status).toBe('active');
    expect((await signIn()).json<{ accounts: { id: number }[] }>().accounts.map((a) => a.id)).toEqual([user.id]);
    expect(await totalUsers(store.id)).toBe(1);
    const activity = await t.database.rows<{ action: string }>(
      sql`select action from brand_activity where brand_id = ${brand} and subject_id = ${String(user.id)} order by id`,
    );
    expect(activity.map((a) => a.action)).toEqual(['staff.deactivated', 'staff.reactivated']);
  });

  it('moves a person to another store: their past completions stay with the store they were made in', async () => {
    const k = await runningCampaign(t.database.db, brand);
    const user = k.users[0]!;
    const cookie = await playCookie(t.database.db, brand, user.id);
    expect((await submit(t.app, cookie, k.campaign.id, k.cm.id, { kind: 'general', answers: [] })).statusCode).toBe(201);
    const target = await f().store(brand, { name: 'Second store' });

    const moved = await post(`/api/staff/${user.id}/move`, owner, { storeId: target.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<TStaffMember>().storeId).toBe(target.id);
    expect(await totalUsers(target.id)).toBe(1);
    expect(await totalUsers(k.store.id)).toBe(0);

    const cookieAfter = await playCookie(t.database.db, brand, user.id);
    expect((await submit(t.app, cookieAfter, k.campaign.id, k.cm.id, { kind: 'general', answers: [] })).statusCode).toBe(201);
    const stores = await t.database.rows<{ store_id: number }>(sql`select store_id from completions where store_user_id = ${user.id} order by id`);
    expect(stores.map((s) => s.store_id)).toEqual([k.store.id, target.id]);
  });
});

describe('importing a staff list', () => {
  async function storesForImport() {
    const tag = unique();
    const a = await f().store(brand, { name: `North ${tag}`, refId: `N-${tag}` });
    const b = await f().store(brand, { name: `South ${tag}`, refId: `S-${tag}`, externalStoreId: `POS-${tag}` });
    return { tag, a, b };
  }

  it('previews every row with its outcome and saves nothing, then applies with a summary; importing again changes nothing', async () => {
    const { tag, a, b } = await storesForImport();
    const existing = await f().storeUser(brand, a.id, { email: `old.${tag}@shop.test`, name: 'Old Name' });
    const csv = [
      'Email,Name,Store,Role,Language',
      `new.${tag}@shop.test,New Person,N-${tag},staff,fr`,
      `OLD.${tag}@shop.test,New Name,pos-${tag},manager,`,
      `bad-address,Someone,N-${tag},staff,`,
      `nostore.${tag}@shop.test,No Store,NOPE-${tag},staff,`,
      `new.${tag}@shop.test,Twice,N-${tag},staff,`,
      `formula.${tag}@shop.test,=HYPERLINK("x"),N-${tag},staff,`,
      `role.${tag}@shop.test,Bad Role,N-${tag},boss,`,
    ].join('\n');

    const preview = await upload('preview', owner, csv);
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json<TStaffImportResult>();
    expect(p).toMatchObject({ applied: false, rows: 7, added: 1, updated: 1, unchanged: 0, refused: 5 });
    expect(p.refusals).toEqual([
      { row: 4, email: 'bad-address', store: `N-${tag}`, reason: 'email_invalid' },
      { row: 5, email: `nostore.${tag}@shop.test`, store: `NOPE-${tag}`, reason: 'store_unknown' },
      { row: 6, email: `new.${tag}@shop.test`, store: `N-${tag}`, reason: 'duplicate_in_file' },
      { row: 7, email: `formula.${tag}@shop.test`, store: `N-${tag}`, reason: 'name_formula' },
      { row: 8, email: `role.${tag}@shop.test`, store: `N-${tag}`, reason: 'role_invalid' },
    ]);
    expect(p.preview[1]).toMatchObject({ row: 3, outcome: 'updated', storeId: b.id, storeName: b.name, role: 'manager' });
    expect((await t.database.rows(sql`select 1 from store_users where lower(email) = ${`new.${tag}@shop.test`}`)).length).toBe(0);

    const applied = await upload('apply', owner, csv);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<TStaffImportResult>()).toMatchObject({ applied: true, added: 1, updated: 1, unchanged: 0, refused: 5 });
    const rows = await t.database.rows<{ email: string; name: string; store_id: number; role: string; locale: string | null; id: number }>(
      sql`select id, email, name, store_id, role, locale from store_users where email like ${`%.${tag}@shop.test`} order by email`,
    );
    expect(rows).toEqual([
      { id: expect.any(Number), email: `new.${tag}@shop.test`, name: 'New Person', store_id: a.id, role: 'employee', locale: 'fr' },
      { id: existing.id, email: `old.${tag}@shop.test`, name: 'New Name', store_id: b.id, role: 'manager', locale: null },
    ]);
    expect(await totalUsers(a.id)).toBe(1);
    expect(await totalUsers(b.id)).toBe(1);

    const imports = async () =>
      (await t.database.rows<{ n: number }>(sql`select count(*)::int as n from brand_activity where brand_id = ${brand} and action = 'staff.imported'`))[0]!.n;
    const logged = await imports();
    expect(logged).toBeGreaterThanOrEqual(1);
    const again = await upload('apply', owner, csv);
    expect(again.json<TStaffImportResult>()).toMatchObject({ added: 0, updated: 0, unchanged: 2, refused: 5 });
    // Nothing changed, so nothing is logged.
    expect(await imports()).toBe(logged);
  });

  it('reads an .xlsx file with the code files reader', async () => {
    const { tag, a } = await storesForImport();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Staff');
    sheet.addRow(['email', 'name', 'store']);
    sheet.addRow([`x1.${tag}@shop.test`, 'Xavier', `N-${tag}`]);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const res = await upload('apply', owner, bytes, 'staff.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TStaffImportResult>()).toMatchObject({ added: 1, refused: 0 });
    expect(await totalUsers(a.id)).toBe(1);
  });

  it('refuses a file that is not what it says, a header without the columns, and an xlsx zip bomb, naming file', async () => {
    const fake = await upload('preview', owner, Buffer.from('PK\u0003\u0004 not really a zip'), 'staff.csv');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.fields[0].path).toBe('file');

    const notXlsx = await upload('preview', owner, 'email,name,store\n', 'staff.xlsx');
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json().error.fields[0].message).toContain('not a real .xlsx');

    const noColumns = await upload('preview', owner, 'mail,who\na@b.test,A\n');
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().error.fields.map((x: { message: string }) => x.message).join(' ')).toContain('no store column');

    const bomb = oneEntryZip('xl/worksheets/sheet1.xml', 40 * 2 ** 20);
    const refused = await upload('preview', owner, bomb, 'staff.xlsx');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields[0].message).toContain('zip bomb');

    const analyst = await memberWithRole('analyst');
    expect((await upload('preview', analyst, 'email,name,store\n')).statusCode).toBe(403);
  });
});
