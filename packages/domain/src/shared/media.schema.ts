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

/** What the media upload widget yields (spec §3 "Media result"). */
export const ZMediaResult = z.object({
  imageUrl: z.string().optional(),
  fileType: z.enum(['image', 'video']),
  imageArgs: ZMediaImageArgs.optional(),
  videoUrl: z.string().optional(),
  videoArgs: ZMediaVideoArgs.optional(),
});
export type TMediaResult = z.infer<typeof ZMediaResult>;
