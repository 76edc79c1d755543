import { Worker } from 'node:worker_threads';
import { CODE_FILE_LIMITS, ERROR_CODES, type TCodeFileExtension } from '@rally/domain';
import { appError, invalid } from '../../../lib/app-error.js';
import { inspectZip } from './inspect-zip.js';
import { createParsePool } from './parse-pool.js';

const WORKER = new URL('./parse-codes.worker.mjs', import.meta.url);

const looksLikeZip = (b: Buffer) => b.length > 4 && b.readUInt32LE(0) === 0x04034b50;
const looksLikeCfb = (b: Buffer) => b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
const looksLikeText = (b: Buffer) => !b.subarray(0, 8192).includes(0);

// One pool per process: a few large files at once must not take every core and gigabytes of memory.
const pool = createParsePool(CODE_FILE_LIMITS.parseConcurrency, CODE_FILE_LIMITS.parseQueue);

const bomb = () => invalid([{ path: 'file', message: 'the .xlsx file expands far beyond its size (a zip bomb?); it was not opened' }]);

type WorkerAnswer = { ok: true; text: string; count: number; tooMany: boolean } | { ok: false; refused: boolean; message: string };

/** The first column's cells of a code file; the file must be what its extension says, and within every cap. */
export async function parseCodeFile(bytes: Buffer, ext: TCodeFileExtension): Promise<string[]> {
  const kindOk = ext === 'xlsx' ? looksLikeZip(bytes) : ext === 'xls' ? looksLikeCfb(bytes) : looksLikeText(bytes);
  if (!kindOk) throw invalid([{ path: 'file', message: `the file is not a real .${ext} file` }]);
  if (ext === 'xlsx') {
    const zip = inspectZip(bytes);
    if (!zip) throw invalid([{ path: 'file', message: 'the .xlsx file is damaged' }]);
    const ratio = zip.compressedBytes > 0 ? zip.expandedBytes / zip.compressedBytes : Infinity;
    if (
      zip.entries > CODE_FILE_LIMITS.zipEntries ||
      zip.largestEntryBytes > CODE_FILE_LIMITS.zipEntryExpandedBytes ||
      zip.expandedBytes > CODE_FILE_LIMITS.zipExpandedBytes ||
      ratio > CODE_FILE_LIMITS.zipRatio
    ) {
      throw bomb();
    }
  }
  const release = await pool.acquire();
  if (!release) {
    throw appError(
      ERROR_CODES.rateLimited,
      'Too many code files are being read right now; try again shortly',
      [{ path: 'file', message: 'the server is reading other code files; try again shortly' }],
      { 'retry-after': String(CODE_FILE_LIMITS.parseRetryAfterSeconds) },
    );
  }
  let result: WorkerAnswer;
  try {
    result = await runWorker(bytes, ext);
  } finally {
    release();
  }
  if (!result.ok) throw invalid([{ path: 'file', message: result.refused ? result.message : `the file could not be read: ${result.message}` }]);
  if (result.tooMany) throw invalid([{ path: 'file', message: `at most ${CODE_FILE_LIMITS.rows.toLocaleString('en')} rows` }]);
  return result.count === 0 ? [] : result.text.split('\n');
}

function runWorker(bytes: Buffer, ext: TCodeFileExtension) {
  return new Promise<WorkerAnswer>((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: {
        bytes,
        ext,
        maxRows: CODE_FILE_LIMITS.rows,
        maxEntryBytes: CODE_FILE_LIMITS.zipEntryExpandedBytes,
        maxTotalBytes: CODE_FILE_LIMITS.zipExpandedBytes,
      },
      resourceLimits: { maxOldGenerationSizeMb: 768 },
    });
    const deadline = setTimeout(() => {
      void worker.terminate();
      reject(appError(ERROR_CODES.fileTooComplex, 'The file took too long to read', [{ path: 'file', message: 'too complex to read' }]));
    }, CODE_FILE_LIMITS.parseSeconds * 1000);
    worker.once('message', (message: WorkerAnswer) => {
      clearTimeout(deadline);
      void worker.terminate();
      resolve(message);
    });
    worker.once('error', (error) => {
      clearTimeout(deadline);
      reject(appError(ERROR_CODES.fileUnreadable, 'The file could not be read', [{ path: 'file', message: error.message }]));
    });
  });
}
