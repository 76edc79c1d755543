import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  CODE_FILE_LIMITS,
  CodeSummarizer,
  ExistingCodeFilter,
  codeFileExtension,
  isCodeReward,
  type CodeSummary,
  type CodeTextSummary,
  type TCodeFileExtension,
} from '@rally/domain';
import type { Db } from '../../db/client.js';
import { invalid, notFound } from '../../lib/app-error.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { summarizeCodeFile, summarizeCodeFileAsJson } from './code-file/parse-code-file.js';
import { insertCodes } from './reward-codes.repository.js';
import { findBrandReward, listReferencedCodeFiles, listRewardCodes, listRewardCodesJson } from './reward.repository.js';

async function rewardOfBrand(db: Db, actor: RequestActor, rewardId: number) {
  const reward = await findBrandReward(db, actor.brandId, rewardId);
  if (!reward) throw notFound('Reward');
  return reward;
}

async function existingCodes(db: Db, rewardId: number) {
  return new Set(await listRewardCodes(db, rewardId));
}

/** Rows summarized or filtered between two looks at the clock. */
const SUMMARY_SLICE = 2_000;
/** Main-thread time one import takes before it lets the event loop through (other requests, other imports). */
const TURN_MS = 4;

/**
 * Runs `work` (one slice each call, false when there is none left) until it is done, giving the event loop a turn
 * every TURN_MS: measured by the clock, not by rows, so that a CPU-starved machine does not stretch each turn.
 */
async function inTurns(work: () => boolean): Promise<void> {
  for (let turnEnds = performance.now() + TURN_MS; work(); ) {
    if (performance.now() >= turnEnds) {
      await nextTurn();
      turnEnds = performance.now() + TURN_MS;
    }
  }
}

/**
 * summarizeCodes over a file's cells, a slice at a time with the event loop let through in between, so that a
 * million-row file does not hold up every other request while its duplicates are found (decision 0007).
 */
async function summarizeInSlices(cells: readonly string[], existing: ReadonlySet<string>): Promise<CodeSummary> {
  const summarizer = new CodeSummarizer(cells.length, existing);
  let from = 0;
  await inTurns(() => {
    const to = Math.min(cells.length, from + SUMMARY_SLICE);
    summarizer.add(cells, from, to);
    from = to;
    return from < cells.length;
  });
  return summarizer.summary();
}

export interface UploadCodesOptions {
  db: Db;
  actor: RequestActor;
  dataDir: string;
  fileName: string;
  /**
   * Writes the uploaded file to `target` as it arrives and answers the form's other fields: `rewardId`, a reward whose
   * codes duplicates are also checked against. The file never becomes one buffer on this thread (decision 0007 §11).
   */
  receive: (target: string) => Promise<{ rewardId?: number | undefined }>;
}

export interface UploadedCodes {
  fileName: string;
  fileUrl: string;
  /** The codes to add as the elements of a JSON array (`"a","b"`), UTF-8, as the parse thread wrote them. */
  codesJson: Buffer;
  summary: Omit<CodeSummary, 'codes'>;
}

/**
 * Reads a code file and reports what it holds; the codes are added by add-reward-codes or save-reward. The file
 * is kept under DATA_DIR/codes/<brand> while a reward refers to it (codes_file_url), and for
 * CODE_FILE_LIMITS.unreferencedFileHours after upload otherwise: each upload sweeps the brand's older unreferenced files.
 *
 * The file goes to disk as it arrives and is read there by the parse thread, which also summarizes the codes (with
 * the reward's codes, when a reward is named) and writes them as JSON: this thread only passes those bytes on
 * (uploadedCodesJson), and never holds the file as one buffer nor the codes as strings (decision 0007 §10–12).
 */
export async function uploadCodes(options: UploadCodesOptions): Promise<UploadedCodes> {
  const { db, actor } = options;
  const id = randomUUID();
  const dir = path.resolve(options.dataDir, 'codes', actor.brandId);
  await mkdir(dir, { recursive: true });
  // Written beside the kept files as it arrives; it becomes the kept file once read, and goes if anything fails.
  const receiving = path.join(dir, `${id}.part`);
  let result: { ext: TCodeFileExtension; codesJson: Buffer; summary: UploadedCodes['summary'] };
  try {
    // The whole body first, then the checks, in the order they ran when it was read into memory: same refusals.
    const { rewardId } = await options.receive(receiving);
    requirePermission(actor, 'reward:update');
    const ext = codeFileExtension(options.fileName);
    if (!ext) throw invalid([{ path: 'file', message: 'a .xlsx, .xls or .csv file' }]);
    // The reward's codes reach the parse thread as one string (JSON), only when a reward is named.
    const existing = rewardId ? await listRewardCodesJson(db, (await rewardOfBrand(db, actor, rewardId)).id) : undefined;
    // Read back into memory by the kernel and libuv's threads, not this one, then moved to the parse thread: a 20 MB
    // upload is never copied on the request thread (decision 0007 §11).
    const { codesJson, ...summary } = await summarizeCodeFileAsJson(await readFile(receiving), ext, { move: true, existing });
    result = { ext, codesJson, summary };
    await rename(receiving, path.join(dir, `${id}.${ext}`));
  } catch (error) {
    await rm(receiving, { force: true });
    throw error;
  }
  await sweepUnreferencedFiles(db, actor.brandId, dir);
  const { ext, codesJson, summary } = result;
  return { fileName: path.basename(options.fileName), fileUrl: `codes/${id}.${ext}`, codesJson, summary };
}

/** Bytes of the codes' JSON per piece of the answer. */
const JSON_PIECE_BYTES = 64 * 1024;

/**
 * The upload's answer — `{ fileName, fileUrl, codes: [...], summary }`, the route's response schema — as a stream:
 * the codes' JSON is the parse thread's bytes, passed to the socket a piece at a time as views of them, so this
 * thread neither builds nor copies the answer (13 MB for a million codes; decision 0007 §11–12).
 */
export function uploadedCodesJson({ fileName, fileUrl, codesJson, summary }: UploadedCodes): Readable {
  function* pieces() {
    yield Buffer.from(`{"fileName":${JSON.stringify(fileName)},"fileUrl":${JSON.stringify(fileUrl)},"codes":[`);
    for (let start = 0; start < codesJson.length; start += JSON_PIECE_BYTES) yield codesJson.subarray(start, start + JSON_PIECE_BYTES);
    yield Buffer.from(`],"summary":${JSON.stringify(summary)}}`);
  }
  return Readable.from(pieces(), { objectMode: false });
}

export interface AddRewardCodesOptions {
  db: Db;
  actor: RequestActor;
  rewardId: number;
  /** The codes to add; when left out, the codes of the kept upload `fileUrl` names. */
  codes?: string[] | undefined;
  fileUrl?: string | undefined;
  dataDir: string;
}

/** A kept upload's address as upload-excel-codes answers it: codes/<uuid>.<ext>. */
const KEPT_FILE_URL = /^codes\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(xlsx|xls|csv)$/;

/** The bytes of a code file this brand uploaded and that is still kept, or 400 naming `uploadedCodes.fileUrl`. */
async function keptCodeFile(dataDir: string, brandId: string, fileUrl: string): Promise<{ bytes: Buffer; ext: TCodeFileExtension }> {
  const match = KEPT_FILE_URL.exec(fileUrl);
  const bytes = match ? await readFile(path.resolve(dataDir, 'codes', brandId, `${match[1]}.${match[2]}`)).catch(() => null) : null;
  if (!match || !bytes)
    throw invalid([
      { path: 'uploadedCodes.fileUrl', message: `not a code file uploaded for this brand in the last ${CODE_FILE_LIMITS.unreferencedFileHours} hours` },
    ]);
  return { bytes, ext: match[2] as TCodeFileExtension };
}

/** The uploadedCodes of a save or an add-reward-codes: the codes sent, or the fileUrl of a kept upload. */
export interface UploadedCodesInput {
  codes?: readonly string[] | undefined;
  fileUrl?: string | undefined;
}

/**
 * The codes of the kept upload an uploadedCodes without codes names, read again as upload-excel-codes read them and
 * summarized in the parse thread, before the reward's codes are known (see withoutExistingCodes); null when the codes
 * were sent. Called before any transaction: a million rows take seconds to parse. 400 naming `uploadedCodes.codes`
 * when neither is there, or `uploadedCodes.fileUrl` when it is not a kept upload of this brand.
 */
export async function keptUploadCodes(dataDir: string, brandId: string, uploaded: UploadedCodesInput): Promise<CodeTextSummary | null> {
  if (uploaded.codes) return null;
  if (!uploaded.fileUrl) throw invalid([{ path: 'uploadedCodes.codes', message: 'the codes, or the fileUrl of an uploaded code file' }]);
  const file = await keptCodeFile(dataDir, brandId, uploaded.fileUrl);
  // Read only to be parsed: the bytes move to the parse thread rather than being copied (decision 0007 §11).
  return summarizeCodeFile(file.bytes, file.ext, { move: true });
}

/**
 * A kept upload's summary (keptUploadCodes) less the codes `existing` holds, counted as duplicatesExisting: the
 * summary the file would have had with them (ExistingCodeFilter). Nothing to do for a reward without codes; otherwise
 * a slice at a time, the event loop let through in between.
 */
export async function withoutExistingCodes(summarized: CodeTextSummary, existing: ReadonlySet<string>): Promise<CodeTextSummary> {
  if (existing.size === 0) return summarized;
  const filter = new ExistingCodeFilter(summarized, existing);
  await inTurns(() => filter.step(SUMMARY_SLICE));
  return filter.summary();
}

/**
 * Adds codes to a code reward: trimmed, duplicates (in the list or already there) dropped and counted. Given the
 * kept upload instead of the list, the codes are read again from it as upload-excel-codes read them and stay one
 * string down to the COPY (decision 0007): a million codes need not travel back as JSON.
 */
export async function addRewardCodes({ db, actor, rewardId, codes, fileUrl, dataDir }: AddRewardCodesOptions) {
  requirePermission(actor, 'reward:update');
  // Another brand's reward is a 404 whatever the body holds.
  await rewardOfBrand(db, actor, rewardId);
  const fromFile = await keptUploadCodes(dataDir, actor.brandId, { codes, fileUrl });
  return db.transaction(async (tx) => {
    const reward = await rewardOfBrand(tx as unknown as Db, actor, rewardId);
    if (!isCodeReward(reward.type)) throw invalid([{ path: 'rewardId', message: 'only gift card, free product and discount rewards take codes' }]);
    const existing = await existingCodes(tx as unknown as Db, reward.id);
    if (fromFile) {
      const { codesText, ...counts } = await withoutExistingCodes(fromFile, existing);
      await insertCodes(tx, actor.brandId, reward.id, { text: codesText });
      return counts;
    }
    const summary = await summarizeInSlices(codes!, existing);
    await insertCodes(tx, actor.brandId, reward.id, summary.codes);
    const { codes: _added, ...counts } = summary;
    return counts;
  });
}

/** Deletes a brand's code files that no reward refers to once they are older than the stated retention. */
export async function sweepUnreferencedFiles(db: Db, brandId: string, dir: string, now = Date.now()): Promise<number> {
  const cutoff = now - CODE_FILE_LIMITS.unreferencedFileHours * 3_600_000;
  const names = await readdir(dir).catch(() => [] as string[]);
  const old: string[] = [];
  for (const name of names) {
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info && info.mtimeMs < cutoff) old.push(name);
  }
  if (old.length === 0) return 0;
  const referenced = await listReferencedCodeFiles(db, brandId);
  const unreferenced = old.filter((name) => !referenced.has(`codes/${name}`));
  await Promise.all(unreferenced.map((name) => rm(path.join(dir, name), { force: true })));
  return unreferenced.length;
}
