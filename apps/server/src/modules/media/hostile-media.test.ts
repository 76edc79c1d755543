import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ZErrorBody } from '@rally/domain';
import { multipartBody } from '../../testing/multipart.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let owner: string;
const dataDir = mkdtempSync(path.join(tmpdir(), 'rally-hostile-media-'));

beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  owner = await t.signIn('owner@brand.test');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const URL = '/api/v3/media/upload';

function multipart(fileName: string, type: string, bytes: Buffer, title?: string) {
  return multipartBody({ name: fileName, type, bytes }, title === undefined ? {} : { title });
}
const upload = (fileName: string, type: string, bytes: Buffer, title?: string) => {
  const { payload, boundary } = multipart(fileName, type, bytes, title);
  return t.app.inject({ method: 'POST', url: URL, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: owner } });
};

/** Every file under DATA_DIR/media and DATA_DIR/tmp: what an upload left on disk. */
function filesOnDisk(): string[] {
  return ['media', 'tmp'].flatMap((dir) => {
    try {
      return readdirSync(path.join(dataDir, dir), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name));
    } catch {
      return [];
    }
  });
}

function expectFieldError(res: { statusCode: number; json(): unknown }, field: string) {
  expect(res.statusCode).toBe(400);
  expect(ZErrorBody.parse(res.json()).error.fields.map((f) => f.path)).toContain(field);
}

const png = () => sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();

describe('hostile media uploads', () => {
  it('refuses a NUL in the title with 400 naming the title and leaves no file behind', async () => {
    const before = filesOnDisk();
    const res = await upload('shelf.png', 'image/png', await png(), 'shelf\u0000photo');
    expectFieldError(res, 'title');
    expect(filesOnDisk()).toEqual(before);
  });

  it('refuses random bytes behind an mp4 header (ffmpeg cannot read them) and leaves no file behind', async () => {
    const before = filesOnDisk();
    // An ISO-BMFF "ftyp" box, so the bytes sniff as video/mp4, then noise.
    const header = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.from([0, 0, 0, 0]), Buffer.from('mp42isom')]);
    const res = await upload('clip.mp4', 'video/mp4', Buffer.concat([header, randomBytes(256 * 1024)]));
    expectFieldError(res, 'file');
    expect(filesOnDisk()).toEqual(before);
  });

  it('answers a body cut short with 400 naming the file and leaves no file behind', async () => {
    const before = filesOnDisk();
    const { payload, boundary } = multipart('shelf.png', 'image/png', await png());
    const res = await t.app.inject({ method: 'POST', url: URL, payload: payload.subarray(0, payload.length - 40), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: owner } });
    expectFieldError(res, 'file');
    expect(filesOnDisk()).toEqual(before);
  });

  it.each([
    ['without a boundary', 'multipart/form-data'],
    ['with a boundary the body does not use', 'multipart/form-data; boundary=not-the-one'],
  ])('answers a multipart type %s with 400 naming the file', async (_what, contentType) => {
    const { payload } = multipart('shelf.png', 'image/png', await png());
    const res = await t.app.inject({ method: 'POST', url: URL, payload, headers: { 'content-type': contentType, cookie: owner } });
    expectFieldError(res, 'file');
  });

  it('still stores a real image with a plain title', async () => {
    const res = await upload('shelf.png', 'image/png', await png(), 'Shelf');
    expect(res.statusCode, res.body).toBe(201);
    expect(filesOnDisk().length).toBeGreaterThan(0);
  });
});
