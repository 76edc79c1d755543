import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp, { type FormatEnum } from 'sharp';
import { ERROR_CODES, MEDIA_LIMITS, mediaTitleProblem, pageMeta, type TMediaFile, type TMediaResult } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { appError, invalid, notFound } from '../../lib/app-error.js';
import { checkImageSize, MEDIA_IMAGE_MAX_PIXELS, sniffUploadType, unreadableImage } from '../../lib/image-upload.js';
import { multipartFailure } from '../../lib/multipart-upload.js';
import type { RequestActor } from '../auth/index.js';
import { findMediaRow, insertMediaFile, pageMediaFiles, setMediaTitle, type MediaInsert, type MediaRow } from './media.repository.js';
import type { MediaStorage } from './media-storage.js';
import type { VideoProbe } from './video-probe.js';

export interface MediaDeps {
  db: Db;
  storage: MediaStorage;
  probe: VideoProbe;
  tempDir: string;
}

const IMAGE_OUTPUT = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);

export const mediaUrl = (id: string) => `/api/media/file/${id}`;
export const thumbUrl = (id: string) => `/api/media/file/${id}/thumb`;

export function toMediaResult(row: MediaRow): TMediaResult {
  if (row.fileType === 'video') {
    return {
      fileType: 'video',
      videoUrl: mediaUrl(row.id),
      videoArgs: {
        fileId: row.id,
        fileName: row.fileName,
        ...(row.thumbKey ? { thumbUrl: thumbUrl(row.id) } : {}),
        ...(row.durationSeconds !== null ? { duration: row.durationSeconds } : {}),
        imageTitle: row.title,
      },
    };
  }
  return {
    fileType: 'image',
    imageUrl: mediaUrl(row.id),
    imageArgs: { fileId: row.id, fileName: row.fileName, versionId: row.versionId, imageTitle: row.title },
  };
}

export function toMediaFile(row: MediaRow): TMediaFile {
  return {
    id: row.id,
    fileType: row.fileType,
    mimeType: row.mimeType,
    fileName: row.fileName,
    title: row.title,
    sizeBytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    duration: row.durationSeconds,
    url: mediaUrl(row.id),
    thumbUrl: row.thumbKey ? thumbUrl(row.id) : null,
    result: toMediaResult(row),
    createdAt: Math.floor(row.createdAt.getTime() / 1000),
  };
}

/** A display-safe file name: no path, no control characters, bounded length. */
export function cleanFileName(name: string): string {
  const base = path.basename(name.replaceAll('\\', '/'));
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|]/g, '').trim();
  return (cleaned || 'file').slice(0, 200);
}

export interface UploadMediaOptions {
  actor: RequestActor;
  stream: Readable;
  fileName: string;
  declaredType: string;
  title?: string | undefined;
  /** Set by the multipart parser when the stream was cut at the size limit. */
  wasTruncated: () => boolean;
  videoLimitBytes: number;
}

/**
 * Stores an uploaded image or video. The type is sniffed from the bytes and
 * must agree with what the browser declared and with the file's extension;
 * images are re-encoded without metadata and get a thumbnail.
 */
export async function uploadMedia(deps: MediaDeps, options: UploadMediaOptions): Promise<TMediaFile> {
  // Every check that needs no bytes comes first, so a refused upload leaves nothing behind.
  const title = cleanTitle(options.title);
  await mkdir(deps.tempDir, { recursive: true });
  const tempPath = path.join(deps.tempDir, `${randomUUID()}.upload`);
  // Keys written to the store so far: removed again if anything after them fails.
  const stored: string[] = [];
  try {
    await pipeline(options.stream, createWriteStream(tempPath)).catch((error: unknown) => {
      throw multipartFailure(error);
    });
    if (options.wasTruncated()) throw tooLarge('video', options.videoLimitBytes);
    const { size } = await stat(tempPath);
    if (size === 0) throw invalid([{ path: 'file', message: 'the file is empty' }]);
    const sniffed = await sniffUploadType(tempPath, { type: options.declaredType, fileName: options.fileName }, ['image', 'video']);
    const kind = sniffed.kind;
    if (kind === 'image' && size > MEDIA_LIMITS.imageBytes) throw tooLarge('image', MEDIA_LIMITS.imageBytes);

    const id = randomUUID();
    const fileName = cleanFileName(options.fileName);
    const values: MediaInsert = {
      id,
      brandId: options.actor.brandId,
      fileType: kind,
      mimeType: sniffed.mime,
      fileName,
      title: title || fileName.replace(/\.[^.]+$/, ''),
      sizeBytes: size,
      storageKey: `${id}/original`,
      createdBy: options.actor.userId,
    };
    if (kind === 'image') {
      const format = sniffed.ext === 'jpg' ? 'jpeg' : sniffed.ext;
      const animated = format === 'gif' || format === 'webp';
      // The header bounds what is decoded: a small file declaring a huge image is refused before it inflates.
      const dims = await checkImageSize(tempPath, { maxPixels: MEDIA_IMAGE_MAX_PIXELS, animated });
      let image = sharp(tempPath, { animated, limitInputPixels: MEDIA_IMAGE_MAX_PIXELS });
      const meta = await image.metadata().catch(() => {
        throw unreadableImage();
      });
      // Re-encoding drops EXIF/GPS and other metadata; rotate() first applies the orientation it carried.
      image = image.rotate();
      const reencoded = IMAGE_OUTPUT.has(format) ? image.toFormat(format as keyof FormatEnum) : image.png();
      // Bytes that pass the header but do not decode (damaged, cut short) are the client's 400, not a 500.
      const stripped = await reencoded.toBuffer().catch(() => {
        throw unreadableImage();
      });
      const thumb = await sharp(stripped, { animated: false }).resize({ width: 320, height: 320, fit: 'inside', withoutEnlargement: true }).webp().toBuffer();
      stored.push(values.storageKey, `${id}/thumb`);
      await deps.storage.putBuffer(values.storageKey, stripped);
      await deps.storage.putBuffer(`${id}/thumb`, thumb);
      values.sizeBytes = stripped.length;
      values.mimeType = IMAGE_OUTPUT.has(format) ? sniffed.mime : 'image/png';
      values.thumbKey = `${id}/thumb`;
      values.width = meta.autoOrient?.width ?? meta.width ?? dims.width;
      values.height = meta.autoOrient?.height ?? meta.height ?? dims.height;
    } else {
      // A video is stored only if it can be read as one: random bytes behind an mp4 header are refused.
      if (!(await deps.probe.readable(tempPath))) throw invalid([{ path: 'file', message: 'the video cannot be read (damaged, or not really a video)' }]);
      values.durationSeconds = await deps.probe.duration(tempPath);
      const frame = await deps.probe.thumbnail(tempPath);
      if (frame) {
        stored.push(`${id}/thumb`);
        await deps.storage.putBuffer(`${id}/thumb`, frame);
        values.thumbKey = `${id}/thumb`;
      }
      stored.push(values.storageKey);
      await deps.storage.putFile(values.storageKey, tempPath);
    }
    return toMediaFile(await insertMediaFile(deps.db, values));
  } catch (error) {
    await Promise.all(stored.map((key) => deps.storage.remove(key).catch(() => undefined)));
    throw error;
  } finally {
    await rm(tempPath, { force: true });
  }
}

/** The title as stored: trimmed, at most 200 characters; a control character (NUL…) is refused, naming the field. */
function cleanTitle(title: string | undefined): string {
  const trimmed = title?.trim() ?? '';
  // The rule ZMediaTitleBody applies when a title is changed later.
  const problem = mediaTitleProblem(trimmed);
  if (problem) throw invalid([{ path: 'title', message: problem }]);
  return trimmed.slice(0, 200);
}

function tooLarge(kind: 'image' | 'video', limit: number) {
  return appError(ERROR_CODES.payloadTooLarge, `The ${kind} is larger than ${Math.round(limit / 1024 / 1024)} MB`, [
    { path: 'file', message: `at most ${Math.round(limit / 1024 / 1024)} MB for a${kind === 'image' ? 'n' : ''} ${kind}` },
  ]);
}

export async function listMedia(db: Db, actor: RequestActor, currentPage: number, perPage: number) {
  const { rows, total } = await pageMediaFiles(db, actor.brandId, { offset: (currentPage - 1) * perPage, limit: perPage });
  return { items: rows.map(toMediaFile), _meta: pageMeta(total, currentPage, perPage) };
}

export async function updateMediaTitle(db: Db, actor: RequestActor, id: string, title: string) {
  const row = await setMediaTitle(db, actor.brandId, id, title);
  if (!row) throw notFound('Media file');
  return toMediaFile(row);
}

export async function findMediaFile(db: Db, id: string) {
  return findMediaRow(db, id);
}
