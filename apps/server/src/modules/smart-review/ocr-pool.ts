import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { PHOTO_LIMITS } from '../../lib/image-upload.js';

/**
 * A small pool of tesseract.js workers (each a worker thread running the WASM engine) for reading receipts,
 * offline: the English model comes from the @tesseract.js-data/eng package on disk, never the network
 * (decision 0009). Workers start on first use and stay warm; at most `size` images are read at once and the
 * rest wait in order, so OCR never takes more than `size` cores from the requests.
 */
export interface OcrPool {
  recognize(image: Buffer): Promise<{ text: string; confidence: number }>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);

/** The directory of the English model (the int-quantised "best" LSTM model: small and accurate). */
export function englishModelDir(): string {
  const pkg = path.dirname(require.resolve('@tesseract.js-data/eng/package.json'));
  return path.join(pkg, '4.0.0_best_int');
}

/**
 * Receipts photographed or scanned arrive in any size and tone: grey, a 3×3 median against speckles, scaled so
 * text is ~30 px high (what the LSTM model reads best), stretched to full contrast and thresholded to black on
 * white (measured in bench/RESULTS.md, smart-review-ocr: the threshold turns noisy paper into clean text).
 */
export async function prepareReceiptImage(image: Buffer): Promise<Buffer> {
  // The upload's own pixel bound (checked from the header before the photo was stored), so what was accepted can be read.
  const img = sharp(image, { failOn: 'none', limitInputPixels: PHOTO_LIMITS.pixels }).rotate();
  const meta = await img.metadata();
  const width = meta.width ?? 0;
  const target = width > 0 && width < 800 ? 1000 : width > 2400 ? 2000 : null;
  const grey = img.flatten({ background: '#ffffff' }).grayscale().median(3);
  return (target ? grey.resize({ width: target }) : grey).normalise().threshold(150).png().toBuffer();
}

export function createOcrPool(options: { size: number; cacheDir: string }): OcrPool {
  const size = Math.max(1, Math.min(2, options.size));
  const idle: Worker[] = [];
  const waiting: ((w: Worker) => void)[] = [];
  let started = 0;
  let closed = false;
  const all: Promise<Worker>[] = [];

  async function acquire(): Promise<Worker> {
    if (closed) throw new Error('the OCR pool is closed');
    const free = idle.pop();
    if (free) return free;
    if (started < size) {
      started += 1;
      const w = createWorker('eng', OEM.LSTM_ONLY, {
        langPath: englishModelDir(),
        cachePath: options.cacheDir,
        gzip: true,
        // The model is read from the package each start; nothing is written or fetched.
        cacheMethod: 'none',
      });
      all.push(w);
      return w;
    }
    return new Promise((resolve) => waiting.push(resolve));
  }

  function release(w: Worker) {
    const next = waiting.shift();
    if (next) next(w);
    else idle.push(w);
  }

  return {
    async recognize(image) {
      const prepared = await prepareReceiptImage(image);
      const w = await acquire();
      try {
        const { data } = await w.recognize(prepared);
        return { text: data.text, confidence: data.confidence };
      } finally {
        release(w);
      }
    },
    async close() {
      closed = true;
      const workers = await Promise.allSettled(all);
      await Promise.all(workers.map((r) => (r.status === 'fulfilled' ? r.value.terminate() : undefined)));
    },
  };
}
