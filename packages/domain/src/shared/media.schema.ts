import { z } from 'zod';

export const ZMediaImageArgs = z.object({
  fileId: z.string(),
  fileName: z.string(),
  versionId: z.number().int().optional(),
  imageTitle: z.string().optional(),
});
export type TMediaImageArgs = z.infer<typeof ZMediaImageArgs>;

export const ZMediaVideoArgs = z.object({
  fileId: z.string(),
  fileName: z.string(),
  thumbUrl: z.string().optional(),
  duration: z.number().nonnegative().optional(),
  imageTitle: z.string().optional(),
});

/** What the media upload widget yields (product rule R46). */
export const ZMediaResult = z.object({
  imageUrl: z.string().optional(),
  fileType: z.enum(['image', 'video']),
  imageArgs: ZMediaImageArgs.optional(),
  videoUrl: z.string().optional(),
  videoArgs: ZMediaVideoArgs.optional(),
});
export type TMediaResult = z.infer<typeof ZMediaResult>;

export const MEDIA_LIMITS = { imageBytes: 10 * 1024 * 1024, videoBytes: 200 * 1024 * 1024 } as const;

/** The widget takes only dropped files whose type starts with image/ or video/ (product rule R46). */
export function isAcceptedMediaType(mimeType: string): boolean {
  return mimeType.startsWith('image/') || mimeType.startsWith('video/');
}

/** A file of the brand's media library. */
export const ZMediaFile = z.object({
  id: z.string(),
  fileType: z.enum(['image', 'video']),
  mimeType: z.string(),
  fileName: z.string(),
  title: z.string(),
  sizeBytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  duration: z.number().nullable(),
  url: z.string(),
  thumbUrl: z.string().nullable(),
  result: ZMediaResult,
  createdAt: z.number().int(),
});
export type TMediaFile = z.infer<typeof ZMediaFile>;

export const ZMediaTitleBody = z.object({ title: z.string().trim().min(1, { message: 'required' }).max(200) }).strict();
