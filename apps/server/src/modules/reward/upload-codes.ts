import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { codeFileExtension, isCodeReward, summarizeCodes, type CodeSummary } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { rewardCodes, rewards } from '../../db/schema/index.js';
import { invalid, notFound } from '../../lib/app-error.js';
import { requirePermission, type RequestActor } from '../auth/request-context.js';
import { parseCodeFile } from './code-file/parse-code-file.js';
import { insertCodes } from './insert-codes.js';

async function rewardOfBrand(db: Db, actor: RequestActor, rewardId: number) {
  const [reward] = await db.select().from(rewards).where(and(eq(rewards.brandId, actor.brandId), eq(rewards.id, rewardId)));
  if (!reward) throw notFound('Reward');
  return reward;
}

async function existingCodes(db: Db, rewardId: number) {
  const rows = await db.select({ code: rewardCodes.code }).from(rewardCodes).where(eq(rewardCodes.rewardId, rewardId));
  return new Set(rows.map((r) => r.code));
}

export interface UploadCodesOptions {
  db: Db;
  actor: RequestActor;
  dataDir: string;
  fileName: string;
  bytes: Buffer;
  /** Duplicates are also checked against this reward's codes. */
  rewardId?: number | undefined;
}

/** Reads a code file (kept under DATA_DIR/codes) and reports what it holds; the codes are added by add-reward-codes or save-reward. */
export async function uploadCodes(options: UploadCodesOptions): Promise<{ fileName: string; fileUrl: string; codes: string[]; summary: Omit<CodeSummary, 'codes'> }> {
  requirePermission(options.actor, 'reward:update');
  const ext = codeFileExtension(options.fileName);
  if (!ext) throw invalid([{ path: 'file', message: 'a .xlsx, .xls or .csv file' }]);
  const existing = options.rewardId ? await existingCodes(options.db, (await rewardOfBrand(options.db, options.actor, options.rewardId)).id) : new Set<string>();
  const cells = await parseCodeFile(options.bytes, ext);
  const { codes, ...summary } = summarizeCodes(cells, existing);
  const id = randomUUID();
  const dir = path.resolve(options.dataDir, 'codes', options.actor.brandId);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${id}.${ext}`), options.bytes);
  return { fileName: path.basename(options.fileName), fileUrl: `codes/${id}.${ext}`, codes, summary };
}

export interface AddRewardCodesOptions {
  db: Db;
  actor: RequestActor;
  rewardId: number;
  codes: string[];
}

/** Adds codes to a code reward: trimmed, duplicates (in the list or already there) dropped and counted. */
export async function addRewardCodes({ db, actor, rewardId, codes }: AddRewardCodesOptions) {
  requirePermission(actor, 'reward:update');
  return db.transaction(async (tx) => {
    const reward = await rewardOfBrand(tx as unknown as Db, actor, rewardId);
    if (!isCodeReward(reward.type)) throw invalid([{ path: 'rewardId', message: 'only gift card, free product and discount rewards take codes' }]);
    const summary = summarizeCodes(codes, await existingCodes(tx as unknown as Db, reward.id));
    await insertCodes(tx, actor.brandId, reward.id, summary.codes);
    const { codes: _added, ...counts } = summary;
    return counts;
  });
}
