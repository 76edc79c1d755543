import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import XLSX from '@e965/xlsx';
import { ZErrorBody } from '@rally/domain';
import { rewardCodes } from '../../db/schema/index.js';
import { factories } from '../../testing/factories.js';
import { multipartBody } from '../../testing/multipart.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let owner: string;
let rewardId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('owner@brand.test');
  const f = factories(t.database.db);
  const c = await f.campaign(t.brandIds.owner);
  rewardId = (await f.reward(t.brandIds.owner, c.id, { type: 'discount', title: 'Codes' })).id;
  await t.database.db.insert(rewardCodes).values({ brandId: t.brandIds.owner, rewardId, code: '000900' });
});
afterAll(() => t.close());

function multipart(fileName: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const { payload, contentType } = multipartBody({ name: fileName, bytes }, fields);
  return { payload, headers: { 'content-type': contentType, cookie: owner } };
}
const upload = (fileName: string, bytes: Buffer, fields?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/v3/bundle/upload-excel-codes', ...multipart(fileName, bytes, fields) });

/** A workbook whose first column holds the codes as text (as a brand's spreadsheet would). */
function workbook(bookType: 'xlsx' | 'xls', codes: string[]) {
  const sheet = XLSX.utils.aoa_to_sheet([['code'], ...codes.map((c) => [c])]);
  for (let r = 1; r <= codes.length; r++) {
    const cell = sheet[XLSX.utils.encode_cell({ r, c: 0 })];
    if (cell) cell.t = 's';
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Codes');
  return Buffer.from(XLSX.write(book, { type: 'buffer', bookType }) as Uint8Array);
}

type UploadAnswer = { codes: string[]; summary: { added: number; duplicatesInFile: number; duplicatesExisting: number; emptyRows: number }; fileUrl: string };

describe('code file upload', () => {
  it('reads a .csv keeping leading zeros and reports duplicates and empty rows', async () => {
    const res = await upload('codes.csv', Buffer.from('code\n000123\n000124\n000123\n\n 000125 \n000900\n'), { rewardId: String(rewardId) });
    expect(res.statusCode).toBe(200);
    const body = res.json() as UploadAnswer;
    expect(body.codes).toEqual(['000123', '000124', '000125']);
    expect(body.summary).toEqual({ added: 3, duplicatesInFile: 1, duplicatesExisting: 1, emptyRows: 1 });
    expect(body.fileUrl).toMatch(/^codes\/.+\.csv$/);
  });

  it('answers a large file with every code exactly and in file order, and keeps the file it read', async () => {
    // 60,000 codes: the answer is sent in some twenty pieces, with backslashes, quotes and non-ASCII codes among them;
    // the second file has quoted cells (read by the CSV parser, not cut as text).
    const plain = Array.from({ length: 60_000 }, (_, i) => (i % 997 === 0 ? `B\\${i}-é😀` : `L-${String(i).padStart(7, '0')}`));
    const quoted = plain.map((code, i) => (i % 1_009 === 0 ? `Q"${i}",x` : code));
    for (const codes of [plain, quoted]) {
      const csv = Buffer.from(`code\n${codes.map((c) => (c.includes('"') ? `"${c.replaceAll('"', '""')}"` : c)).join('\n')}\n`);
      const res = await upload('many.csv', csv);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const body = res.json() as UploadAnswer;
      expect(body.codes).toEqual(codes);
      expect(body.summary).toEqual({ added: codes.length, duplicatesInFile: 0, duplicatesExisting: 0, emptyRows: 0 });
      // The kept file is the one read: adding it by fileUrl stores the same codes.
      const c = await factories(t.database.db).campaign(t.brandIds.owner);
      const target = (await factories(t.database.db).reward(t.brandIds.owner, c.id, { type: 'discount', title: 'Many' })).id;
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/v3/bundle/add-reward-codes',
        headers: { cookie: owner },
        payload: { rewardId: target, uploadedCodes: { fileUrl: body.fileUrl } },
      });
      expect(added.json()).toEqual({ added: codes.length, duplicatesInFile: 0, duplicatesExisting: 0, emptyRows: 0 });
      const stored = await t.database.db.select({ code: rewardCodes.code }).from(rewardCodes).where(eq(rewardCodes.rewardId, target));
      expect(stored.map((s) => s.code).sort()).toEqual([...codes].sort());
    }
  });

  it.each(['xlsx', 'xls'] as const)('reads a .%s keeping leading zeros', async (bookType) => {
    const res = await upload(`codes.${bookType}`, workbook(bookType, ['00042', '00043', '00042']));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as UploadAnswer;
    expect(body.codes).toEqual(['00042', '00043']);
    expect(body.summary.duplicatesInFile).toBe(1);
  });

  it('refuses a file that is not what its extension says', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    for (const name of ['codes.xlsx', 'codes.xls', 'codes.csv']) {
      const res = await upload(name, Buffer.concat([png, Buffer.alloc(64, 0)]));
      expect(res.statusCode, name).toBe(400);
      expect(ZErrorBody.parse(res.json()).error.fields[0]?.path).toBe('file');
    }
    expect((await upload('codes.txt', Buffer.from('0001\n'))).statusCode).toBe(400);
  });

  it('refuses a zip bomb disguised as .xlsx within 2 s, without unzipping it, and keeps serving', async () => {
    // One entry that inflates to 150 MB from about 150 kB.
    const inflated = 150 * 1024 * 1024;
    const data = deflateRawSync(Buffer.alloc(inflated), { level: 9 });
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(inflated, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(inflated, 24);
    central.writeUInt16LE(name.length, 28);
    const centralOffset = local.length + name.length + data.length;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(central.length + name.length, 12);
    end.writeUInt32LE(centralOffset, 16);
    const bomb = Buffer.concat([local, name, data, central, name, end]);
    const started = Date.now();
    const res = await upload('bomb.xlsx', bomb);
    expect(res.statusCode).toBe(400);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(ZErrorBody.parse(res.json()).error.fields[0]?.message).toMatch(/zip bomb/);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers a 21 MB file with 413', async () => {
    const res = await upload('big.csv', Buffer.alloc(21 * 1024 * 1024, 0x31));
    expect(res.statusCode).toBe(413);
  });

  it('adds uploaded codes to the reward, dropping the ones it has', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/bundle/add-reward-codes',
      headers: { cookie: owner },
      payload: { rewardId, uploadedCodes: { codes: ['000900', '000901', '000902', '000901'] } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ added: 2, duplicatesInFile: 1, duplicatesExisting: 1, emptyRows: 0 });
    const stored = await t.database.db.select({ code: rewardCodes.code }).from(rewardCodes).where(eq(rewardCodes.rewardId, rewardId));
    expect(stored.map((s) => s.code).sort()).toEqual(['000900', '000901', '000902']);
  });

  it('stores codes with quotes, commas, braces and backslashes exactly', async () => {
    const tricky = ['A"B', 'C,D', '{E}', 'F\\G', "H'I", 'NULL'];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/bundle/add-reward-codes',
      headers: { cookie: owner },
      payload: { rewardId, uploadedCodes: { codes: tricky } },
    });
    expect(res.statusCode).toBe(200);
    const stored = await t.database.db.select({ code: rewardCodes.code }).from(rewardCodes).where(eq(rewardCodes.rewardId, rewardId));
    expect(stored.map((s) => s.code)).toEqual(expect.arrayContaining(tricky));
  });

  it('adds the codes of a kept upload named by its fileUrl, without the list travelling back', async () => {
    const c = await factories(t.database.db).campaign(t.brandIds.owner);
    const target = (await factories(t.database.db).reward(t.brandIds.owner, c.id, { type: 'gift_card', title: 'From file' })).id;
    const csv = Buffer.from('code\n"X,1"\nX2\nX2\n\nX\\3\n');
    const uploaded = await upload('codes.csv', csv);
    expect(uploaded.statusCode).toBe(200);
    const { fileUrl } = uploaded.json() as { fileUrl: string };
    const add = (uploadedCodes: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/v3/bundle/add-reward-codes', headers: { cookie: owner }, payload: { rewardId: target, uploadedCodes } });
    const res = await add({ fileUrl, fileName: 'codes.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ added: 3, duplicatesInFile: 1, duplicatesExisting: 0, emptyRows: 1 });
    const stored = await t.database.db.select({ code: rewardCodes.code }).from(rewardCodes).where(eq(rewardCodes.rewardId, target));
    expect(stored.map((s) => s.code).sort()).toEqual(['X,1', 'X2', 'X\\3']);
    // Again: every code is already there.
    expect((await add({ fileUrl })).json()).toMatchObject({ added: 0, duplicatesExisting: 3 });
    // Another brand's file, a path outside the kept files, or nothing at all: 400 naming the field.
    for (const [body, field] of [
      [{ fileUrl: '../../etc/passwd' }, 'uploadedCodes.fileUrl'],
      [{ fileUrl: 'codes/00000000-0000-4000-8000-000000000000.csv' }, 'uploadedCodes.fileUrl'],
      [{ fileName: 'codes.csv' }, 'uploadedCodes.codes'],
    ] as const) {
      const refused = await add(body);
      expect(refused.statusCode).toBe(400);
      expect(ZErrorBody.parse(refused.json()).error.fields.map((f) => f.path)).toEqual([field]);
    }
  });

  it('saves a code reward with the codes of a kept upload named by its fileUrl, and adds a second file on edit', async () => {
    const f = factories(t.database.db);
    const c = await f.campaign(t.brandIds.owner);
    await f.campaignMission(t.brandIds.owner, c.id, (await f.mission(t.brandIds.owner)).id);
    // 120,000 codes: more than a list save-reward takes and more than its 1 MB body would hold as JSON.
    const many = Array.from({ length: 120_000 }, (_, i) => `SAVE-${String(i).padStart(6, '0')}`);
    const first = await upload('many.csv', Buffer.from(`code\n${many.join('\n')}\n`));
    expect(first.statusCode).toBe(200);
    const { fileUrl } = first.json() as UploadAnswer;
    const discount = { bundleId: c.id, type: 'discount', title: 'From a file', description: 'Saved by fileUrl', percentageDiscount: 10, linkToShop: 'https://shop.example.com', noFinePrint: true };
    const save = (payload: object, cookie = owner) =>
      t.app.inject({ method: 'POST', url: '/api/reward/write/save-reward', headers: { cookie }, payload });
    const countOf = async (id: number) =>
      (await t.database.db.select({ code: rewardCodes.code }).from(rewardCodes).where(eq(rewardCodes.rewardId, id))).length;

    const created = await save({ ...discount, uploadedCodes: { fileUrl, fileName: 'many.csv' } });
    expect(created.statusCode, created.body).toBe(200);
    const reward = created.json() as { id: number; totalCodes: number };
    expect(reward.totalCodes).toBe(120_000);
    expect(await countOf(reward.id)).toBe(120_000);

    // Editing with another file adds only the codes the reward does not hold yet.
    const second = await upload('more.csv', Buffer.from('code\nSAVE-000000\nSAVE-999998\nSAVE-999999\n'), { rewardId: String(reward.id) });
    const edited = await save({ ...discount, id: reward.id, uploadedCodes: { fileUrl: (second.json() as UploadAnswer).fileUrl } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await countOf(reward.id)).toBe(120_002);

    // Another brand's campaign is a 404 whatever fileUrl it names; a bad fileUrl, or neither codes nor fileUrl, a 400 naming the field.
    const retailer = await t.signIn('retailer@retail.test');
    expect((await save({ ...discount, uploadedCodes: { fileUrl } }, retailer)).statusCode).toBe(404);
    for (const [uploadedCodes, field] of [
      [{ fileUrl: 'codes/00000000-0000-4000-8000-000000000000.csv' }, 'uploadedCodes.fileUrl'],
      [{ fileName: 'many.csv' }, 'uploadedCodes.codes'],
    ] as const) {
      const refused = await save({ ...discount, uploadedCodes });
      expect(refused.statusCode).toBe(400);
      expect(ZErrorBody.parse(refused.json()).error.fields.map((x) => x.path)).toEqual([field]);
    }
  });

  it('checks an upload against every code the named reward holds, quotes, backslashes and non-ASCII included', async () => {
    const c = await factories(t.database.db).campaign(t.brandIds.owner);
    const target = (await factories(t.database.db).reward(t.brandIds.owner, c.id, { type: 'gift_card', title: 'Tricky' })).id;
    const held = ['A"B', 'F\\G', 'é😀', 'PLAIN-1', '[x]'];
    await t.database.db.insert(rewardCodes).values(held.map((code) => ({ brandId: t.brandIds.owner, rewardId: target, code })));
    const csv = Buffer.from('code\n"A""B"\nF\\G\né😀\nPLAIN-1\n[x]\nNEW-1\n"A""B"\nF\\G2\n');
    const res = await upload('codes.csv', csv, { rewardId: String(target) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as UploadAnswer;
    expect(body.codes).toEqual(['NEW-1', 'F\\G2']);
    expect(body.summary).toEqual({ added: 2, duplicatesInFile: 1, duplicatesExisting: 5, emptyRows: 0 });
    // Non-ASCII codes with nothing to escape, the one the reward holds dropped.
    const accented = await upload('codes.csv', Buffer.from('CAFÉ-1\né😀\nÜ-2ß\n'), { rewardId: String(target) });
    expect(accented.json()).toMatchObject({ codes: ['CAFÉ-1', 'Ü-2ß'], summary: { added: 2, duplicatesExisting: 1 } });
  });

  it('offers a template that keeps leading zeros', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v3/bundle/codes-template.csv' });
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toContain('000123');
  });
});
