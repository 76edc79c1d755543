import { z } from 'zod';
import { zText } from './limits.js';

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

/**
 * The widget's result as a request sends it back (a mission's `media`, a reward's `imageArgs`): the same fields,
 * bounded, and an unknown key anywhere inside is refused by name instead of silently dropped.
 */
export const ZMediaImageArgsBody = z
  .object({
    fileId: zText(200),
    fileName: zText(300),
    versionId: z.number().int().min(0).max(2_147_483_647).optional(),
    imageTitle: zText(200).optional(),
  })
  .strict();
export const ZMediaVideoArgsBody = z
  .object({
    fileId: zText(200),
    fileName: zText(300),
    thumbUrl: zText(2000).optional(),
    duration: z.number().nonnegative().max(86_400).optional(),
    imageTitle: zText(200).optional(),
  })
  .strict();
export const ZMediaResultBody = z
  .object({
    imageUrl: zText(2000).optional(),
    fileType: z.enum(['image', 'video']),
    imageArgs: ZMediaImageArgsBody.optional(),
    videoArgs: ZMediaVideoArgsBody.optional(),
  })
  .strict();

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

/** What a media title may not hold: control characters other than tab, newline and CR (NUL among them). */
export function mediaTitleProblem(title: string): string | null {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(title) ? 'must not contain control characters' : null;
}

/** POST /api/v3/media/{id}/update: the same title rule as the upload's "title" field. */
export const ZMediaTitleBody = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, { message: 'required' })
      .max(200)
      .superRefine((title, ctx) => {
        const problem = mediaTitleProblem(title);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  })
  .strict();
