import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDeflateRaw } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CODE_FILE_LIMITS, ZErrorBody } from '@rally/domain';
import { rewards } from '../../db/schema/index.js';
import { factories } from '../../testing/factories.js';
import { multipartBody } from '../../testing/multipart.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createParsePool } from '../../lib/spreadsheet-file/parse-pool.js';
import { spreadsheetParsePool } from '../../lib/spreadsheet-file/read-spreadsheet.js';

let t: TestApp;
let owner: string;
const dataDir = mkdtempSync(path.join(tmpdir(), 'rally-hostile-codes-'));

beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  owner = await t.signIn('owner@brand.test');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const URL = '/api/v3/bundle/upload-excel-codes';

function multipart(fileName: string, bytes: Buffer) {
  return multipartBody({ name: fileName, bytes });
}
const upload = (fileName: string, bytes: Buffer) => {
  const { payload, boundary } = multipart(fileName, bytes);
  return t.app.inject({ method: 'POST', url: URL, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: owner } });
};

/** Deflates `total` bytes of one repeated sheet row, streamed, so the test never holds the expanded sheet. */
async function deflateSheet(total: number): Promise<Buffer> {
  const row = Buffer.from('<row><c t="inlineStr"><is><t>0000000000</t></is></c></row>'.repeat(16_384));
  const out: Buffer[] = [];
  const deflate = createDeflateRaw({ level: 9 });
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  for (let written = 0; written < total; written += row.length) {
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

interface ZipEntry {
  name: string;
  method: 0 | 8;
  data: Buffer;
  /** Uncompressed size as written in the headers (a lying archive states less than it holds). */
  declared: number;
}

/** A minimal zip: local headers, data, central directory, end record (CRCs left 0; nothing here checks them). */
function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Peak resident-set growth while `work` runs (the app runs in this process, its parse workers too). */
async function rssGrowthDuring<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMb: (peak - before) / 2 ** 20 };
  } finally {
    clearInterval(sampler);
  }
}

function expectFileError(res: { statusCode: number; json(): unknown }, status = 400) {
  expect(res.statusCode).toBe(status);
  const body = ZErrorBody.parse(res.json());
  expect(body.error.fields.map((f) => f.path)).toContain('file');
  return body;
}

describe('hostile code files', () => {
  it('refuses a padded zip bomb (incompressible padding, one huge sheet) before inflating it, within an RSS ceiling', async () => {
    // Padding keeps the whole archive's ratio under the archive-wide check; the sheet alone expands to 120 MB.
    const sheetBytes = 120 * 2 ** 20;
    const sheet = await deflateSheet(sheetBytes);
    const bomb = zip([
      { name: 'padding.bin', method: 0, data: randomBytes(2 * 2 ** 20), declared: 2 * 2 ** 20 },
      { name: 'xl/worksheets/sheet1.xml', method: 8, data: sheet, declared: sheetBytes },
    ]);
    expect(bomb.length).toBeLessThan(3 * 2 ** 20);
    const { result: res, growthMb } = await rssGrowthDuring(() => upload('codes.xlsx', bomb));
    expect(expectFileError(res).error.fields[0]!.message).toMatch(/zip bomb/);
    expect(growthMb).toBeLessThan(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('refuses a zip whose directory understates an entry, stopping the inflate at the entry cap', async () => {
    const sheetBytes = 120 * 2 ** 20;
    const sheet = await deflateSheet(sheetBytes);
    const liar = zip([
      { name: 'padding.bin', method: 0, data: randomBytes(2 * 2 ** 20), declared: 2 * 2 ** 20 },
      { name: 'xl/worksheets/sheet1.xml', method: 8, data: sheet, declared: 1 * 2 ** 20 },
    ]);
    const { result: res, growthMb } = await rssGrowthDuring(() => upload('codes.xlsx', liar));
    expect(expectFileError(res).error.fields[0]!.message).toMatch(/beyond the limit/);
    expect(growthMb).toBeLessThan(200);
  });

  it.each([
    ['a PNG renamed .xlsx', 'codes.xlsx', Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(4096)])],
    ['random bytes renamed .xls', 'codes.xls', randomBytes(4096)],
    ['an executable renamed .csv', 'codes.csv', Buffer.concat([Buffer.from('7f454c4602010100', 'hex'), Buffer.alloc(64), randomBytes(4096)])],
    ['a zip without a workbook renamed .xlsx', 'codes.xlsx', zip([{ name: 'a.txt', method: 0, data: Buffer.from('hello'), declared: 5 }])],
  ])('refuses %s with 400 naming the file', async (_what, name, bytes) => {
    expectFileError(await upload(name, bytes));
  });

  it('refuses a CSV whose stray quote would merge the following rows, naming the row', async () => {
    const res = await upload('codes.csv', Buffer.from('code\nA0\n"A1\nB2\nC3\n'));
    const body = expectFileError(res);
    expect(body.error.fields[0]!.message).toMatch(/^row 3: /);
  });

  it('refuses a CSV with a quoted line break inside a code, naming the row', async () => {
    const res = await upload('codes.csv', Buffer.from('code\nA0\n"B1\nB2"\nC3\n'));
    expect(expectFileError(res).error.fields[0]!.message).toMatch(/^row 3: a code cannot contain a line break/);
  });

  it('still reads quoted codes that are well formed', async () => {
    const res = await upload('codes.csv', Buffer.from('code\n"A,1"\n"B""2"\nC3\n'));
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { codes: string[] }).codes).toEqual(['A,1', 'B"2', 'C3']);
  });

  it('reads the first column of an unquoted CSV with Windows line breaks and more columns, empty rows counted', async () => {
    const res = await upload('codes.csv', Buffer.from('\uFEFFcode,note\r\n0001,a\r\n\r\n0002,b,c\r\n0001,d\r\n'));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { codes: string[]; summary: { emptyRows: number; duplicatesInFile: number } };
    expect(body.codes).toEqual(['0001', '0002']);
    expect(body.summary).toMatchObject({ emptyRows: 1, duplicatesInFile: 1 });
  });

  it('refuses an unquoted CSV with a carriage return inside a code, naming the row', async () => {
    const res = await upload('codes.csv', Buffer.from('code\nA0\nB1\rB2\nC3\n'));
    expect(expectFileError(res).error.fields[0]!.message).toMatch(/^row 3: a code cannot contain a line break/);
  });
});

describe('malformed multipart on the code upload', () => {
  const good = () => multipart('codes.csv', Buffer.from('code\nA1\nB2\n'));

  it('answers a body cut short with 400 naming the file', async () => {
    const { payload, boundary } = good();
    const res = await t.app.inject({ method: 'POST', url: URL, payload: payload.subarray(0, payload.length - 30), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: owner } });
    expectFileError(res);
  });

  it('answers a multipart type without a boundary with 400 naming the file', async () => {
    const res = await t.app.inject({ method: 'POST', url: URL, payload: good().payload, headers: { 'content-type': 'multipart/form-data', cookie: owner } });
    expectFileError(res);
  });

  it('answers a boundary the body does not use with 400 naming the file', async () => {
    const res = await t.app.inject({ method: 'POST', url: URL, payload: good().payload, headers: { 'content-type': 'multipart/form-data; boundary=not-the-one', cookie: owner } });
    expectFileError(res);
  });
});

describe('code file parse pool', () => {
  it('runs at most its concurrency at once, queues up to its queue, and refuses beyond', async () => {
    const pool = createParsePool(1, 1);
    const first = await pool.acquire();
    expect(first).toBeTypeOf('function');
    let secondGranted = false;
    const second = pool.acquire().then((release) => {
      secondGranted = true;
      return release;
    });
    expect(await pool.acquire()).toBeNull();
    await Promise.resolve();
    expect(secondGranted).toBe(false);
    first!();
    first!(); // a second release of the same slot frees nothing more
    const releaseSecond = await second;
    expect(secondGranted).toBe(true);
    expect(pool.running).toBe(1);
    releaseSecond!();
    expect(pool.running).toBe(0);
  });
});

describe('code upload route under load', () => {
  it('answers 429 in the error shape with Retry-After when every parse slot and queue place is taken, and reads the file once one frees', async () => {
    // The process's own pool, held the way uploads hold it: every slot running, every queue place waiting.
    const running = await Promise.all(Array.from({ length: CODE_FILE_LIMITS.parseConcurrency }, () => spreadsheetParsePool.acquire()));
    const queued = Array.from({ length: CODE_FILE_LIMITS.parseQueue }, () => spreadsheetParsePool.acquire());
    expect(spreadsheetParsePool.waiting).toBe(CODE_FILE_LIMITS.parseQueue);
    try {
      const refused = await upload('codes.csv', Buffer.from('code\nQ1\nQ2\n'));
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(CODE_FILE_LIMITS.parseRetryAfterSeconds));
      const body = expectFileError(refused, 429);
      expect(body.error.code).toBe('RATE_LIMITED');
    } finally {
      for (const release of running) release!();
      // Each release hands its slot to the next waiter, so the waiters are let go one after another.
      for (const waiter of queued) (await waiter)!();
    }
    expect(spreadsheetParsePool.running).toBe(0);
    const accepted = await upload('codes.csv', Buffer.from('code\nQ1\nQ2\n'));
    expect(accepted.statusCode).toBe(200);
    expect((accepted.json() as { codes: string[] }).codes).toEqual(['Q1', 'Q2']);
  });
});

describe('kept code files', () => {
  it('deletes an uploaded file no reward refers to once it is past the retention, and keeps a referenced one', async () => {
    const first = (await upload('codes.csv', Buffer.from('code\nK1\n'))).json() as { fileUrl: string };
    const second = (await upload('codes.csv', Buffer.from('code\nK2\n'))).json() as { fileUrl: string };
    const c = await factories(t.database.db).campaign(t.brandIds.owner);
    const reward = await factories(t.database.db).reward(t.brandIds.owner, c.id, { type: 'discount', title: 'Kept' });
    await t.database.db.update(rewards).set({ codesFileUrl: second.fileUrl }).where(eq(rewards.id, reward.id));
    const onDisk = (url: string) => path.join(dataDir, 'codes', t.brandIds.owner, path.basename(url));
    const old = new Date(Date.now() - (CODE_FILE_LIMITS.unreferencedFileHours + 1) * 3_600_000);
    for (const url of [first.fileUrl, second.fileUrl]) utimesSync(onDisk(url), old, old);

    const third = (await upload('codes.csv', Buffer.from('code\nK3\n'))).json() as { fileUrl: string };
    expect(existsSync(onDisk(first.fileUrl))).toBe(false);
    expect(existsSync(onDisk(second.fileUrl))).toBe(true);
    expect(existsSync(onDisk(third.fileUrl))).toBe(true);
  });

  it('leaves nothing on disk when an upload is refused: unreadable, too large, cut short, or naming a bad reward', async () => {
    const dir = path.join(dataDir, 'codes', t.brandIds.owner);
    const before = existsSync(dir) ? readdirSync(dir).sort() : [];
    expectFileError(await upload('quote.csv', Buffer.from('code\n"A1\nB2\nC3\n')));
    expect((await upload('big.csv', Buffer.alloc(CODE_FILE_LIMITS.bytes + 1024, 0x31))).statusCode).toBe(413);
    const { payload, boundary } = multipart('cut.csv', Buffer.from('code\nA1\n'.repeat(10_000)));
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: owner };
    expectFileError(await t.app.inject({ method: 'POST', url: URL, payload: payload.subarray(0, payload.length - 30), headers }));
    const withReward = multipartBody({ name: 'codes.csv', bytes: Buffer.from('code\nR1\n') }, { rewardId: '0' });
    const badReward = await t.app.inject({ method: 'POST', url: URL, payload: withReward.payload, headers: { 'content-type': withReward.contentType, cookie: owner } });
    expect(badReward.statusCode).toBe(400);
    expect(ZErrorBody.parse(badReward.json()).error.fields.map((f) => f.path)).toEqual(['rewardId']);
    expect(readdirSync(dir).sort()).toEqual(before);
  });
});
