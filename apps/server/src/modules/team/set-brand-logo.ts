import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { BRAND_LOGO_LIMITS, ERROR_CODES, type TCreatedBrand } from '@rally/domain';
import { brands, mediaFiles } from '../../db/schema/index.js';
import { appError, invalid, notFound } from '../../lib/app-error.js';
import { checkImageDecodes, checkImageSize, sniffUploadType, unreadableImage } from '../../lib/image-upload.js';
import { multipartFailure } from '../../lib/multipart-upload.js';
import { recordActivity, userActor } from '../activity/index.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import type { MediaStorage } from '../media/index.js';
import { toCreatedBrand } from './create-brand.js';
import type { TeamDeps } from './team-deps.js';

const tooLarge = () =>
  appError(ERROR_CODES.payloadTooLarge, 'The logo is larger than 2 MB', [
    { path: 'file', message: `at most ${BRAND_LOGO_LIMITS.bytes / 1024 / 1024} MB` },
  ]);

/**
 * Sets the brand's logo from an uploaded image. The same content checks as the media library (decision 0007): the
 * type comes from the bytes, the size in pixels from the header before anything decodes, and the image is re-encoded
 * (a WebP of at most 512 px, metadata dropped). It is kept in the brand's media library and served from there.
 */
export async function setBrandLogo(
  deps: TeamDeps & { storage: MediaStorage },
  actor: RequestActor,
  part: MultipartFile,
): Promise<TCreatedBrand> {
  requirePermission(actor, 'brand:update');
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413) throw tooLarge();
    throw multipartFailure(error);
  }
  if (part.file.truncated) throw tooLarge();
  if (bytes.length === 0) throw invalid([{ path: 'file', message: 'the file is empty' }]);
  await sniffUploadType(bytes, { type: part.mimetype, fileName: part.filename }, ['image']);
  await checkImageSize(bytes, { maxPixels: BRAND_LOGO_LIMITS.pixels, animated: false });
  await checkImageDecodes(bytes, BRAND_LOGO_LIMITS.pixels);
  const size = BRAND_LOGO_LIMITS.size;
  const { data, info } = await sharp(bytes, { animated: false, limitInputPixels: BRAND_LOGO_LIMITS.pixels })
    .rotate()
    .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
    .webp()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw unreadableImage();
    });
  const id = randomUUID();
  const key = `${id}/original`;
  await deps.storage.putBuffer(key, data);
  await deps.storage.putBuffer(`${id}/thumb`, data);
  try {
    const brand = await deps.db.transaction(async (tx) => {
      const [old] = await tx
        .select({ logo: brands.logo })
        .from(brands)
        .where(eq(brands.id, actor.brandId))
        .for('update');
      if (!old) throw notFound('Brand');
      await tx.insert(mediaFiles).values({
        id,
        brandId: actor.brandId,
        fileType: 'image',
        mimeType: 'image/webp',
        fileName: 'logo.webp',
        title: 'Logo',
        sizeBytes: data.length,
        storageKey: key,
        thumbKey: `${id}/thumb`,
        width: info.width,
        height: info.height,
        createdBy: actor.userId,
      });
      const url = `/api/media/file/${id}`;
      const [updated] = await tx.update(brands).set({ logo: url }).where(eq(brands.id, actor.brandId)).returning();
      await recordActivity(tx, {
        brandId: actor.brandId,
        actor: userActor(actor),
        action: 'brand.updated',
        subject: { type: 'brand', id: actor.brandId, label: updated!.name },
        changes: [{ field: 'logo', old: old.logo, new: url }],
      });
      return updated!;
    });
    return toCreatedBrand(brand);
  } catch (error) {
    await Promise.all([deps.storage.remove(key), deps.storage.remove(`${id}/thumb`)]).catch(() => undefined);
    throw error;
  }
}
