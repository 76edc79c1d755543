import path from 'node:path';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { invalid } from './app-error.js';

/**
 * The content checks every upload route that takes images runs (media library, participant photos; decision 0007
 * §6, §13): the type comes from the bytes, never from the name or the declared type, and an image's size in pixels
 * is read from its header and bounded before anything decodes it, so a small file declaring a huge image (a
 * decompression bomb) is refused without being inflated.
 */

export type UploadKind = 'image' | 'video';

export interface SniffedType {
  mime: string;
  /** file-type's extension: jpg, png, webp, gif, mp4… */
  ext: string;
  kind: UploadKind;
}

/** Images of the media library: sharp re-encodes up to this many pixels (all frames of an animation). */
export const MEDIA_IMAGE_MAX_PIXELS = 100_000_000;

/**
 * Participant photos (receipts, photo fields): 10 MB and 40 megapixels (an 8000 × 5000 photo; phones take
 * 12–50 MP, and the OCR reads receipts up to the same 40 MP, so every accepted receipt can be read).
 */
export const PHOTO_LIMITS = { bytes: 10 * 1024 * 1024, pixels: 40_000_000 } as const;

const EXTENSION_ALIASES: Record<string, string> = { jpeg: 'jpg', tiff: 'tif' };

/**
 * The upload's real type, sniffed from its bytes (or the file they were written to). It must be one of `kinds`,
 * and agree with the type the client declared and with the file name's extension (none is fine): a script named
 * .png, an SVG, an HTML page or an executable is a 400 naming `file`.
 */
export async function sniffUploadType(
  input: string | Uint8Array,
  declared: { type: string; fileName: string },
  kinds: readonly UploadKind[],
): Promise<SniffedType> {
  const sniffed = typeof input === 'string' ? await fileTypeFromFile(input) : await fileTypeFromBuffer(input);
  const kind = kinds.find((k) => sniffed?.mime.startsWith(`${k}/`));
  if (!sniffed || !kind) {
    const what = kinds.map((k) => `${k}s`).join(' and ');
    throw invalid([{ path: 'file', message: `only ${what} are accepted${sniffed ? ` (the file is ${sniffed.mime})` : ''}` }]);
  }
  const declaredKind = declared.type.split('/')[0];
  const ext = path.extname(declared.fileName).slice(1).toLowerCase();
  const extOk = ext === '' || (EXTENSION_ALIASES[ext] ?? ext) === sniffed.ext;
  if (declaredKind !== kind || !extOk) {
    throw invalid([{ path: 'file', message: `the file is really ${sniffed.mime}, not what its name or type (${declared.type}) says` }]);
  }
  return { mime: sniffed.mime, ext: sniffed.ext, kind };
}

export interface ImageSize {
  width: number;
  height: number;
  /** Frames counted: all of an animation when `animated`, else 1. */
  frames: number;
}

/**
 * Reads an image's header (nothing is decoded) and refuses one that cannot be read or that holds more than
 * `maxPixels` pixels — width × height × the frames that will be decoded — with a 400 naming `file`.
 */
export async function checkImageSize(input: string | Buffer, limits: { maxPixels: number; animated: boolean }): Promise<ImageSize> {
  const meta = await sharp(input, { animated: limits.animated, limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw invalid([{ path: 'file', message: 'the image cannot be read' }]);
    });
  const width = meta.width ?? 0;
  const frames = limits.animated ? Math.max(1, meta.pages ?? 1) : 1;
  const pageHeight = meta.pageHeight ?? meta.height ?? 0;
  if (width <= 0 || pageHeight <= 0) throw invalid([{ path: 'file', message: 'the image cannot be read' }]);
  if (width * pageHeight * frames > limits.maxPixels) {
    const mp = Math.round(limits.maxPixels / 1_000_000);
    throw invalid([{ path: 'file', message: `at most ${mp} megapixels (this image is ${width} × ${pageHeight}${frames > 1 ? ` × ${frames} frames` : ''})` }]);
  }
  return { width, height: pageHeight, frames };
}

/** The error an image that passed its header check but fails to decode (damaged, cut short) is refused with. */
export const unreadableImage = () => invalid([{ path: 'file', message: 'the image cannot be read (damaged, or not really an image)' }]);

/**
 * Decodes the whole image once (its first frame), in sharp's threads, keeping nothing: random bytes behind an
 * image header are refused with a 400 naming `file`. Call after checkImageSize, which bounds what this decodes.
 */
export async function checkImageDecodes(input: string | Buffer, maxPixels: number): Promise<void> {
  await sharp(input, { limitInputPixels: maxPixels, failOn: 'error' })
    .stats()
    .catch(() => {
      throw unreadableImage();
    });
}
