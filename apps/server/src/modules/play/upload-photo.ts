import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { ERROR_CODES, type TPlayUpload } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { appError, invalid } from '../../lib/app-error.js';
import { checkImageDecodes, checkImageSize, PHOTO_LIMITS, sniffUploadType } from '../../lib/image-upload.js';
import { multipartFailure } from '../../lib/multipart-upload.js';
import { participantKey } from '../engine/index.js';
import type { MediaStorage } from '../media/index.js';
import type { PlayActor } from './play-session.js';
import { insertUpload } from './play.repository.js';

export interface UploadPhotoDeps {
  db: Db;
  storage: MediaStorage;
}

const tooLarge = () =>
  appError(ERROR_CODES.payloadTooLarge, 'The photo is larger than 10 MB', [{ path: 'file', message: `at most ${PHOTO_LIMITS.bytes / 1024 / 1024} MB` }]);

/**
 * Stores a participant's photo (a receipt, a photo field) once it is known to be one: the type is sniffed from
 * the bytes and must be an image agreeing with the name and declared type, its header may declare at most
 * PHOTO_LIMITS.pixels, and it must decode. Anything else is refused naming `file` before a byte is stored — and
 * so before smart review could read (and charge for) it. The bytes are kept as sent: the receipt's content hash
 * and the OCR read exactly what the participant uploaded.
 */
export async function uploadPhoto(deps: UploadPhotoDeps, actor: PlayActor, part: MultipartFile): Promise<TPlayUpload> {
  const bytes = await part.toBuffer().catch((error: unknown) => {
    // Cut at the part's size limit (413) or a body the parser could not finish (400 naming file).
    if (part.file.truncated || (error as { statusCode?: number }).statusCode === 413) throw tooLarge();
    throw multipartFailure(error);
  });
  if (part.file.truncated) throw tooLarge();
  if (bytes.length === 0) throw invalid([{ path: 'file', message: 'the file is empty' }]);
  const type = await sniffUploadType(bytes, { type: part.mimetype, fileName: part.filename }, ['image']);
  await checkImageSize(bytes, { maxPixels: PHOTO_LIMITS.pixels, animated: false });
  await checkImageDecodes(bytes, PHOTO_LIMITS.pixels);
  const id = randomUUID();
  const storageKey = `${id}/original`;
  await deps.storage.putBuffer(storageKey, bytes);
  try {
    await insertUpload(deps.db, { id, brandId: actor.brandId, participantKey: participantKey(actor), storageKey, contentType: type.mime, sizeBytes: bytes.length });
  } catch (error) {
    await deps.storage.remove(storageKey).catch(() => undefined);
    throw error;
  }
  return { uploadId: id, url: `/api/play/uploads/${id}` };
}
