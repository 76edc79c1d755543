import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ZErrorBody, ZMediaFile } from '@rally/domain';
import { loadTestEnv } from '../../config/test-env.js';
import { multipartBody } from '../../testing/multipart.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const run = promisify(execFile);
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('owner@brand.test');
});
afterAll(() => t.close());

/** A multipart body with a title field and one file part. */
function multipart(fileName: string, type: string, bytes: Buffer, title?: string) {
  const { payload, contentType } = multipartBody({ name: fileName, type, bytes }, title === undefined ? {} : { title });
  return { payload, headers: { 'content-type': contentType, cookie: owner } };
}

const upload = (fileName: string, type: string, bytes: Buffer, title?: string) =>
  t.app.inject({ method: 'POST', url: '/api/v3/media/upload', ...multipart(fileName, type, bytes, title) });

async function pngWithGps() {
  // A real PNG carrying EXIF (with a GPS tag) that must not survive the upload.
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .withExif({ IFD0: { Copyright: 'secret-owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 0/1' } })
    .toBuffer();
}

describe('media upload', () => {
  it('accepts a real PNG, strips its metadata and makes a thumbnail', async () => {
    const png = await pngWithGps();
    expect((await sharp(png).metadata()).exif).toBeDefined();
    const res = await upload('shelf.png', 'image/png', png, 'Shelf photo');
    expect(res.statusCode).toBe(201);
    const media = ZMediaFile.parse(res.json());
    expect(media).toMatchObject({ fileType: 'image', mimeType: 'image/png', width: 640, height: 480, title: 'Shelf photo' });
    expect(media.result).toMatchObject({ fileType: 'image', imageArgs: { fileId: media.id, fileName: 'shelf.png', imageTitle: 'Shelf photo', versionId: 1 } });
    const file = await t.app.inject({ method: 'GET', url: media.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(String(file.headers['content-disposition'])).toMatch(/^inline; filename\*=UTF-8''shelf\.png$/);
    expect(String(file.headers['content-security-policy'])).toContain('sandbox');
    const stored = await sharp(file.rawPayload).metadata();
    expect(stored.exif).toBeUndefined();
    const thumb = await t.app.inject({ method: 'GET', url: media.thumbUrl! });
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
  });

  it('rejects a PNG renamed .mp4 with 400 naming the file', async () => {
    const res = await upload('clip.mp4', 'video/mp4', await pngWithGps());
    expect(res.statusCode).toBe(400);
    const body = ZErrorBody.parse(res.json());
    expect(body.error.fields[0]?.path).toBe('file');
    expect(body.error.fields[0]?.message).toContain('image/png');
  });

  it('rejects a file that is neither image nor video', async () => {
    const res = await upload('notes.png', 'image/png', Buffer.from('just some text, not an image at all'));
    expect(res.statusCode).toBe(400);
  });

  it('answers an image over 10 MB with 413', async () => {
    const header = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } }).png().toBuffer();
    const big = Buffer.concat([header, Buffer.alloc(10 * 1024 * 1024 + 10, 1)]);
    const res = await upload('huge.png', 'image/png', big);
    expect(res.statusCode).toBe(413);
    expect(ZErrorBody.parse(res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a file over the video limit with 413 and keeps serving', async () => {
    // The same code path as the 200 MB cap, with the cap lowered so the test stays quick.
    const small = await createTestApp({ env: { MEDIA_VIDEO_LIMIT_BYTES: '1048576' } });
    try {
      const cookie = await small.signIn('owner@brand.test');
      const body = multipart('big.mp4', 'video/mp4', Buffer.alloc(2 * 1024 * 1024, 7));
      const res = await small.app.inject({ method: 'POST', url: '/api/v3/media/upload', payload: body.payload, headers: { ...body.headers, cookie } });
      expect(res.statusCode).toBe(413);
      expect(ZErrorBody.parse(res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
      expect((await small.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('accepts a real MP4 with its duration and a thumbnail frame', async () => {
    const ffmpeg = loadTestEnv().FFMPEG_PATH;
    expect(ffmpeg, 'the bundled ffmpeg is installed').toBeTruthy();
    const dir = mkdtempSync(path.join(tmpdir(), 'rally-mp4-'));
    const file = path.join(dir, 'clip.mp4');
    await run(ffmpeg!, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=10', '-pix_fmt', 'yuv420p', '-y', file]);
    const res = await upload('clip.mp4', 'video/mp4', readFileSync(file), 'Demo clip');
    expect(res.statusCode).toBe(201);
    const media = ZMediaFile.parse(res.json());
    expect(media.fileType).toBe('video');
    expect(media.duration).toBeCloseTo(2, 0);
    expect(media.result).toMatchObject({ fileType: 'video', videoArgs: { fileId: media.id, duration: media.duration, imageTitle: 'Demo clip' } });
    expect(media.thumbUrl).toBeTruthy();
    const thumb = await t.app.inject({ method: 'GET', url: media.thumbUrl! });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('lists the brand library and renames a file; another brand cannot', async () => {
    const created = ZMediaFile.parse((await upload('logo.png', 'image/png', await pngWithGps())).json());
    const list = (await t.app.inject({ method: 'GET', url: '/api/v3/media', headers: { cookie: owner } })).json() as { items: { id: string }[] };
    expect(list.items.map((i) => i.id)).toContain(created.id);
    const renamed = await t.app.inject({ method: 'POST', url: `/api/v3/media/${created.id}/update`, headers: { cookie: owner }, payload: { title: 'Logo v2' } });
    expect(ZMediaFile.parse(renamed.json()).result.imageArgs?.imageTitle).toBe('Logo v2');
    const retailer = await t.signIn('retailer@retail.test');
    const foreign = await t.app.inject({ method: 'POST', url: `/api/v3/media/${created.id}/update`, headers: { cookie: retailer }, payload: { title: 'Mine' } });
    expect(foreign.statusCode).toBe(404);
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/v3/media', headers: { cookie: retailer } })).json() as { items: unknown[] };
    expect(theirs.items).toHaveLength(0);
  });

  it('needs a signed-in user to upload', async () => {
    const body = multipart('a.png', 'image/png', await pngWithGps());
    const res = await t.app.inject({ method: 'POST', url: '/api/v3/media/upload', payload: body.payload, headers: { 'content-type': body.headers['content-type'] } });
    expect(res.statusCode).toBe(401);
  });
});
