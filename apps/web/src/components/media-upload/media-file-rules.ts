import { MEDIA_LIMITS, isAcceptedMediaType } from '@rally/domain';

export type TMediaAccept = 'image' | 'video' | 'both';

export type TMediaFileProblem =
  { kind: 'type' } | { kind: 'too-large'; fileType: 'image' | 'video'; limitBytes: number; sizeBytes: number };

export function acceptsType(accept: TMediaAccept, mimeType: string): boolean {
  if (!isAcceptedMediaType(mimeType)) return false;
  if (accept === 'image') return mimeType.startsWith('image/');
  if (accept === 'video') return mimeType.startsWith('video/');
  return true;
}

/** The `accept` attribute of a file input for the widget's accept prop. */
export function acceptAttribute(accept: TMediaAccept): string {
  if (accept === 'image') return 'image/*';
  if (accept === 'video') return 'video/*';
  return 'image/*,video/*';
}

/** Checks done before any byte is sent (product rule R46: only image/ or video/ types, within the limits). */
export function checkMediaFile(file: Pick<File, 'type' | 'size'>, accept: TMediaAccept): TMediaFileProblem | null {
  if (!acceptsType(accept, file.type)) return { kind: 'type' };
  const fileType = file.type.startsWith('video/') ? 'video' : 'image';
  const limitBytes = fileType === 'video' ? MEDIA_LIMITS.videoBytes : MEDIA_LIMITS.imageBytes;
  if (file.size > limitBytes) return { kind: 'too-large', fileType, limitBytes, sizeBytes: file.size };
  return null;
}

/** "10 MB", "2.4 MB", "830 KB" in the reader's language. */
export function formatBytes(bytes: number, lang: string): string {
  const mb = bytes / 1024 / 1024;
  if (mb >= 1) {
    return new Intl.NumberFormat(lang, {
      style: 'unit',
      unit: 'megabyte',
      maximumFractionDigits: mb >= 10 ? 0 : 1,
    }).format(mb);
  }
  return new Intl.NumberFormat(lang, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(
    Math.max(1, bytes / 1024),
  );
}
