import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorBody } from '@rally/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { factories } from '../../testing/factories.js';
import { multipartBody } from '../../testing/multipart.js';
import { playCookie } from '../../testing/engine-kit.js';

let t: TestApp;
const dataDir = mkdtempSync(path.join(tmpdir(), 'rally-play-uploads-'));
beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// A real (tiny) image: uploads are decoded before they are stored.
let PNG: Buffer;
let JPEG: Buffer;
beforeAll(async () => {
  PNG = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2a7' } }).png().toBuffer();
  JPEG = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#eee' } }).jpeg().toBuffer();
});

async function participantOf(brandId: string) {
  const f = factories(t.database.db);
  const store = await f.store(brandId);
  const user = await f.storeUser(brandId, store.id);
  return playCookie(t.database.db, brandId, user.id);
}

async function upload(cookie: string): Promise<string> {
  const body = multipartBody({ name: 'receipt.png', type: 'image/png', bytes: PNG });
  const res = await t.app.inject({ method: 'POST', url: '/api/play/uploads', headers: { cookie, 'content-type': body.contentType }, payload: body.payload });
  expect(res.statusCode).toBe(201);
  return res.json().url;
}

describe('participant photos', () => {
  it('are served to the participant who uploaded them and to dashboard users of their brand, as the stored image', async () => {
    const mine = await participantOf(t.brandIds.owner);
    const url = await upload(mine);
    const own = await t.app.inject({ method: 'GET', url, headers: { cookie: mine } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.rawPayload.equals(PNG)).toBe(true);
    const dashboard = await t.app.inject({ method: 'GET', url, headers: { cookie: await t.signIn('owner@brand.test') } });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.rawPayload.equals(PNG)).toBe(true);
  });

  it('are a 404 for another participant, another brand, no session and an unknown id', async () => {
    const url = await upload(await participantOf(t.brandIds.owner));
    const otherParticipant = await participantOf(t.brandIds.owner);
    const otherBrand = await t.signIn('partner@partner.test');
    for (const cookie of [otherParticipant, otherBrand, undefined]) {
      const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/api/play/uploads/00000000-0000-4000-8000-000000000000', headers: { cookie: otherParticipant } });
    expect(unknown.statusCode).toBe(404);
  });
});

// ---- hostile uploads (issue 27 items 1–2): built here, byte by byte ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A well-formed PNG header: grey, `bitDepth` bits per pixel. */
function ihdr(width: number, height: number, bitDepth: number): Buffer {
  const d = Buffer.alloc(13);
  d.writeUInt32BE(width, 0);
  d.writeUInt32BE(height, 4);
  d.writeUInt8(bitDepth, 8); // colour type 0 (grey), compression, filter, interlace all 0
  return pngChunk('IHDR', d);
}
const PNG_SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');

/** 30000 × 30000 declared in a valid header, with one empty data chunk: 900 megapixels in ~60 bytes. */
const hugeHeaderPng = () => Buffer.concat([PNG_SIGNATURE, ihdr(30_000, 30_000, 8), pngChunk('IDAT', deflateSync(Buffer.alloc(0))), pngChunk('IEND', Buffer.alloc(0))]);

/**
 * A real decompression bomb: a complete, valid 15000 × 15000 1-bit PNG of zeros — ~30 KB that inflates to 28 MB of
 * scanlines and 225 megapixels (900 MB as RGBA) once decoded.
 */
function bombPng(): Buffer {
  const side = 15_000;
  const scanlines = Buffer.alloc(side * (1 + Math.ceil(side / 8))); // filter byte 0 + packed bits, all zero
  return Buffer.concat([PNG_SIGNATURE, ihdr(side, side, 1), pngChunk('IDAT', deflateSync(scanlines, { level: 9 })), pngChunk('IEND', Buffer.alloc(0))]);
}

const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(8), Buffer.from([2, 0, 0x3e, 0, 1, 0, 0, 0]), randomBytes(200)]);
const PE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from('PE\0\0'), randomBytes(200)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>');
const HTML = Buffer.from('<!doctype html><html><body><script>fetch("/api/play/me").then(r=>r.text()).then(alert)</script></body></html>');

async function sendUpload(cookie: string, file: { name: string; type: string; bytes: Buffer }) {
  const body = multipartBody(file);
  return t.app.inject({ method: 'POST', url: '/api/play/uploads', headers: { cookie, 'content-type': body.contentType }, payload: body.payload });
}

const uploadRows = async (brandId: string) =>
  ((await t.database.db.execute(sql`select count(*)::int as n from play_uploads where brand_id = ${brandId}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

function storedFiles(): number {
  try {
    return readdirSync(path.join(dataDir, 'play-uploads'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
}

function expectFileError(res: { statusCode: number; body: string; json(): unknown }, status = 400) {
  expect(res.statusCode, res.body).toBe(status);
  expect(ZErrorBody.parse(res.json()).error.fields.map((f) => f.path)).toContain('file');
}

describe('participant uploads of malformed multipart bodies', () => {
  it.each([
    ['a boundary the body does not use', 'multipart/form-data; boundary=not-the-one', null],
    ['an empty boundary', 'multipart/form-data; boundary=', null],
    ['no boundary', 'multipart/form-data', null],
    ['random bytes for a body', null, randomBytes(4096)],
  ])('answer %s with a 400 naming the file, storing nothing', async (_what, contentType, payload) => {
    const cookie = await participantOf(t.brandIds.owner);
    const before = [await uploadRows(t.brandIds.owner), storedFiles()];
    const body = multipartBody({ name: 'receipt.png', type: 'image/png', bytes: PNG });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/play/uploads',
      headers: { cookie, 'content-type': contentType ?? body.contentType },
      payload: payload ?? body.payload,
    });
    expectFileError(res);
    expect([await uploadRows(t.brandIds.owner), storedFiles()]).toEqual(before);
  });

  it('answers a body cut short with a 400 naming the file', async () => {
    const cookie = await participantOf(t.brandIds.owner);
    const body = multipartBody({ name: 'receipt.png', type: 'image/png', bytes: PNG });
    const res = await t.app.inject({ method: 'POST', url: '/api/play/uploads', headers: { cookie, 'content-type': body.contentType }, payload: body.payload.subarray(0, body.payload.length - 30) });
    expectFileError(res);
  });
});

describe('participant uploads are checked by their content', () => {
  it.each([
    ['19 bytes of text named .png', () => ({ name: 'receipt.png', type: 'image/png', bytes: Buffer.from('not really an image') })],
    ['an SVG carrying a script', () => ({ name: 'receipt.svg', type: 'image/svg+xml', bytes: SVG })],
    ['an HTML page declared as an image', () => ({ name: 'receipt.png', type: 'image/png', bytes: HTML })],
    ['a Linux executable', () => ({ name: 'receipt.png', type: 'image/png', bytes: ELF })],
    ['a Windows executable', () => ({ name: 'receipt.jpg', type: 'image/jpeg', bytes: PE })],
    ['a 30000 × 30000 PNG header', () => ({ name: 'receipt.png', type: 'image/png', bytes: hugeHeaderPng() })],
    ['a decompression bomb (a valid 15000 × 15000 PNG of 30 KB)', () => ({ name: 'receipt.png', type: 'image/png', bytes: bombPng() })],
    ['random bytes behind a PNG signature', () => ({ name: 'receipt.png', type: 'image/png', bytes: Buffer.concat([PNG_SIGNATURE, ihdr(64, 64, 8), randomBytes(2048)]) })],
    ['a JPEG declared as a PDF', () => ({ name: 'receipt.pdf', type: 'application/pdf', bytes: JPEG })],
  ])('refuses %s with a 400 naming the file and stores nothing', async (_what, file) => {
    const cookie = await participantOf(t.brandIds.owner);
    const before = [await uploadRows(t.brandIds.owner), storedFiles()];
    expectFileError(await sendUpload(cookie, file()));
    expect([await uploadRows(t.brandIds.owner), storedFiles()]).toEqual(before);
  });

  it('the bomb is a real one: a valid PNG whose header sharp reads as 15000 × 15000', async () => {
    const bomb = bombPng();
    expect(bomb.length).toBeLessThan(64 * 1024);
    const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 15_000, 15_000]);
  });

  it('refuses a photo over 10 MB with a 413 naming the file', async () => {
    const cookie = await participantOf(t.brandIds.owner);
    expectFileError(await sendUpload(cookie, { name: 'receipt.png', type: 'image/png', bytes: Buffer.concat([PNG, randomBytes(10 * 1024 * 1024)]) }), 413);
  });

  it('stores a real photo under the type its bytes have, whatever the browser declared', async () => {
    const cookie = await participantOf(t.brandIds.owner);
    const res = await sendUpload(cookie, { name: 'receipt.jpg', type: 'image/png', bytes: JPEG });
    expect(res.statusCode, res.body).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: res.json().url, headers: { cookie } });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(served.rawPayload.equals(JPEG)).toBe(true);
  });
});
