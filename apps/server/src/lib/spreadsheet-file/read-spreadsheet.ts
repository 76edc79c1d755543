import { Worker } from 'node:worker_threads';
import { CODE_FILE_LIMITS, ERROR_CODES } from '@rally/domain';
import { appError, invalid } from '../app-error.js';
import { inspectZip } from './inspect-zip.js';
import { createParsePool } from './parse-pool.js';

const WORKER = new URL('./read-sheet.worker.mjs', import.meta.url);

export type TSpreadsheetExtension = 'xlsx' | 'xls' | 'csv';

const looksLikeZip = (b: Buffer) => b.length > 4 && b.readUInt32LE(0) === 0x04034b50;
const looksLikeCfb = (b: Buffer) => b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
const looksLikeText = (b: Buffer) => !b.subarray(0, 8192).includes(0);

/**
 * One pool per process for every uploaded spreadsheet (code files, POS store lists): a few large files at once
 * must not take every core and gigabytes of memory, whichever screen they come from. The limits are the code
 * file limits (decision 0007); POS store lists are held to the same ones.
 */
export const spreadsheetParsePool = createParsePool(CODE_FILE_LIMITS.parseConcurrency, CODE_FILE_LIMITS.parseQueue);

const bomb = () => invalid([{ path: 'file', message: 'the .xlsx file expands far beyond its size (a zip bomb?); it was not opened' }]);

type WorkerAnswer = { ok: true; text: string; count: number; tooMany: boolean } | { ok: false; refused: boolean; message: string };

export interface ReadSpreadsheetOptions<C extends 'first' | 'all'> {
  columns: C;
  /** Rows allowed after an optional header (default CODE_FILE_LIMITS.rows). */
  maxRows?: number;
}

/**
 * The cells of an uploaded spreadsheet — the first column's (`columns: 'first'`) or every row's (`'all'`) — read in
 * a worker thread with a memory cap and a deadline. The file must be what its extension says and within every cap
 * of CODE_FILE_LIMITS (size is checked by the upload route, zip caps here and again while inflating).
 */
export async function readSpreadsheet(bytes: Buffer, ext: TSpreadsheetExtension, options: ReadSpreadsheetOptions<'first'>): Promise<string[]>;
export async function readSpreadsheet(bytes: Buffer, ext: TSpreadsheetExtension, options: ReadSpreadsheetOptions<'all'>): Promise<string[][]>;
export async function readSpreadsheet(
  bytes: Buffer,
  ext: TSpreadsheetExtension,
  options: ReadSpreadsheetOptions<'first' | 'all'>,
): Promise<string[] | string[][]> {
  const result = await readInWorker(bytes, ext, options.columns, options.maxRows ?? CODE_FILE_LIMITS.rows);
  if (options.columns === 'all') return result.count === 0 ? [] : (JSON.parse(result.text) as string[][]);
  return result.count === 0 ? [] : result.text.split('\n');
}

/**
 * The first column's cells as the worker sends them: one string, cells joined by "\n" (a cell never holds a line
 * break), and how many there are. For files of a million codes, which need not become a million strings here.
 */
export async function readFirstColumnText(bytes: Buffer, ext: TSpreadsheetExtension, maxRows = CODE_FILE_LIMITS.rows): Promise<{ text: string; rows: number }> {
  const result = await readInWorker(bytes, ext, 'first', maxRows);
  return { text: result.count === 0 ? '' : result.text, rows: result.count };
}

async function readInWorker(bytes: Buffer, ext: TSpreadsheetExtension, columns: 'first' | 'all', maxRows: number) {
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
  const release = await spreadsheetParsePool.acquire();
  if (!release) {
    throw appError(
      ERROR_CODES.rateLimited,
      'Too many files are being read right now; try again shortly',
      [{ path: 'file', message: 'the server is reading other files; try again shortly' }],
      { 'retry-after': String(CODE_FILE_LIMITS.parseRetryAfterSeconds) },
    );
  }
  let result: WorkerAnswer;
  try {
    result = await runWorker(bytes, ext, columns, maxRows);
  } finally {
    release();
  }
  if (!result.ok) throw invalid([{ path: 'file', message: result.refused ? result.message : `the file could not be read: ${result.message}` }]);
  if (result.tooMany) throw invalid([{ path: 'file', message: `at most ${maxRows.toLocaleString('en')} rows` }]);
  return result;
}

function runWorker(bytes: Buffer, ext: TSpreadsheetExtension, columns: 'first' | 'all', maxRows: number) {
  return new Promise<WorkerAnswer>((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: {
        bytes,
        ext,
        columns,
        maxRows,
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
