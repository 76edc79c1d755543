import { Worker } from 'node:worker_threads';
import { CODE_FILE_LIMITS, ERROR_CODES, type CodeTextSummary } from '@rally/domain';
import { appError, invalid } from '../app-error.js';
import { inspectZip } from './inspect-zip.js';
import { createParsePool, once } from './parse-pool.js';

const WORKER = new URL('./read-sheet.worker.mjs', import.meta.url);

/**
 * The parse threads' Linux nice value (the request thread keeps 0): when they compete for a core, the request
 * thread gets ~3 times their share. At 10 (~10 times) other programs at the normal priority starved a parse, which
 * now also summarizes the codes: two busy loops made an upload 7 times slower (decision 0007 §11–12).
 */
const PARSE_NICENESS = 5;

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

type CodeCounts = Omit<CodeTextSummary, 'codesText'>;

type WorkerAnswer =
  | { ok: true; text: string; count: number; tooMany: boolean; summary?: CodeCounts; json?: Uint8Array }
  | { ok: false; refused: boolean; message: string };

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

export interface SummarizeCodesOptions<A extends 'text' | 'json'> extends MoveBytes {
  /** The reward's codes as a JSON array of strings ('[]' for none): one string to hand to the parse thread. */
  existing?: string;
  /**
   * 'text': the codes to add joined by "\n" (the COPY takes them so). 'json': the codes to add as the elements of a
   * JSON array, `"a","b"`, in UTF-8 bytes moved from the parse thread — what an upload's answer lists.
   */
  as: A;
}

export type CodesAsJson = CodeCounts & { codesJson: Buffer };

/**
 * The first column of a code file summarized by the domain's rule (CodeTextSummarizer) in the parse thread: this
 * thread receives the codes to add and their counts, with no pass over the codes of its own (decision 0007 §12).
 */
export async function summarizeFirstColumn(bytes: Buffer, ext: TSpreadsheetExtension, options: SummarizeCodesOptions<'text'>): Promise<CodeTextSummary>;
export async function summarizeFirstColumn(bytes: Buffer, ext: TSpreadsheetExtension, options: SummarizeCodesOptions<'json'>): Promise<CodesAsJson>;
export async function summarizeFirstColumn(
  bytes: Buffer,
  ext: TSpreadsheetExtension,
  { move = false, existing = '[]', as }: SummarizeCodesOptions<'text' | 'json'>,
): Promise<CodeTextSummary | CodesAsJson> {
  const result = await readInWorker(bytes, ext, 'first', CODE_FILE_LIMITS.rows, move, { existing, as });
  const summary = result.summary!;
  if (as === 'text') return { codesText: result.text, ...summary };
  const json = result.json!;
  return { ...summary, codesJson: Buffer.from(json.buffer, json.byteOffset, json.byteLength) };
}

export interface MoveBytes {
  /**
   * The caller gives the bytes up (a file read from disk only to be parsed): they move to the parse thread instead of
   * being copied to it, and are unusable here once the call starts. Two copies of the file less, one of them a block
   * of the event loop on a machine where touching fresh memory is slow (decision 0007 §11).
   */
  move?: boolean;
}

/** What the parse thread does with a code file's first column once read: summarize it (decision 0007 §12). */
type CodesJob = { existing: string; as: 'text' | 'json' } | null;

async function readInWorker(bytes: Buffer, ext: TSpreadsheetExtension, columns: 'first' | 'all', maxRows: number, move = false, codes: CodesJob = null) {
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
    result = await runWorker(bytes, ext, columns, maxRows, move, codes);
  } finally {
    release();
  }
  if (!result.ok) throw invalid([{ path: 'file', message: result.refused ? result.message : `the file could not be read: ${result.message}` }]);
  if (result.tooMany) throw invalid([{ path: 'file', message: `at most ${maxRows.toLocaleString('en')} rows` }]);
  return result;
}

/** Answers longer than this wait for the request thread to ask for them (see takeAnswerLane). */
const LARGE_ANSWER_CHARS = 1 << 20;
/**
 * Time left to other work after a large answer is taken, before the next one is asked for: long enough for a request
 * that waits on the database in between (two turns of the event loop) to be answered on a busy machine.
 */
const ANSWER_GAP_MS = 150;
let answerLane: Promise<void> = Promise.resolve();

/**
 * Large parse answers reach the request thread one at a time, with other work let through in between (decision 0007
 * §11). Taking in an answer is one synchronous copy on this thread — ~50 ms for the 11 MB text of a million codes on
 * the 2-core bench machine when it is quiet (fresh memory is slow to touch there), more when it is busy — and two
 * parses finishing together would otherwise deliver theirs back to back. Resolves with the function that frees the lane once the answer is in.
 */
function takeAnswerLane(): Promise<() => void> {
  let free!: () => void;
  const freed = new Promise<void>((resolve) => {
    free = once(() => setTimeout(resolve, ANSWER_GAP_MS));
  });
  const turn = answerLane.then(() => free);
  answerLane = freed;
  return turn;
}

function runWorker(bytes: Buffer, ext: TSpreadsheetExtension, columns: 'first' | 'all', maxRows: number, move: boolean, codes: CodesJob) {
  // Only a buffer that is the whole of its memory can move (a small one may share Node's pool with others).
  const movable = move && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return new Promise<WorkerAnswer>((resolve, reject) => {
    const worker = new Worker(WORKER, {
      transferList: movable ? [bytes.buffer as ArrayBuffer] : [],
      workerData: {
        bytes,
        ext,
        columns,
        maxRows,
        maxEntryBytes: CODE_FILE_LIMITS.zipEntryExpandedBytes,
        maxTotalBytes: CODE_FILE_LIMITS.zipExpandedBytes,
        niceness: PARSE_NICENESS,
        askFirstAbove: LARGE_ANSWER_CHARS,
        codes,
      },
      // The worker is plain JavaScript: without the process's loader flags (tsx), it does not start a module-hooks
      // thread of its own and compile the loader again for every file (decision 0007 §11).
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: 768 },
    });
    let freeLane: (() => void) | undefined;
    let settled = false;
    const settle = () => {
      settled = true;
      clearTimeout(deadline);
      freeLane?.();
      void worker.terminate();
    };
    const deadline = setTimeout(() => {
      settle();
      reject(appError(ERROR_CODES.fileTooComplex, 'The file took too long to read', [{ path: 'file', message: 'too complex to read' }]));
    }, CODE_FILE_LIMITS.parseSeconds * 1000);
    worker.on('message', (message: WorkerAnswer | { ready: true }) => {
      if ('ready' in message) {
        // A large answer is waiting in the worker: ask for it when the lane is free.
        void takeAnswerLane().then((free) => {
          if (settled) return free();
          freeLane = free;
          worker.postMessage('send');
        });
        return;
      }
      settle();
      resolve(message);
    });
    worker.once('error', (error) => {
      settle();
      reject(appError(ERROR_CODES.fileUnreadable, 'The file could not be read', [{ path: 'file', message: error.message }]));
    });
  });
}
