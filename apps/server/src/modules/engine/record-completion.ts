import { createHash } from 'node:crypto';
import {
  ERROR_CODES,
  effectiveEntryLimits,
  entriesLeft,
  gradeLearning,
  submissionKindFor,
  validateGeneralAnswers,
  validateSoldItems,
  type TErrorField,
  type TFieldItem,
  type TMissionSubtype,
  type TMissionType,
  type TPlayCompletionBody,
  type TPlayCompletionResult,
  type TPlayUnlock,
  type TQuestionItem,
} from '@rally/domain';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, conflict, invalid, notFound } from '../../lib/app-error.js';
import { refreshingMemoPerDatabase } from '../../lib/refreshing-memo.js';
import {
  beginEngineTx,
  campaignRewards,
  entriesUsed,
  findByIdempotencyKey,
  findCampaignMission,
  insertCompletion,
  lockParticipant,
  missionItemsOf,
  saveResponse,
  type EngineCampaignMission,
  type EngineItem,
  type EngineRewardRow,
  type ParticipantRef,
} from './engine.repository.js';
import { checkFinishCriteria } from './finish-campaign.js';
import { writeCompletion } from './write-completion.js';
import { issueUnlocks } from './issue-unlocks.js';

export interface RecordCompletionOptions {
  db: Db;
  participant: ParticipantRef & { campaignName?: string };
  campaignId: number;
  campaignMissionId: number;
  body: TPlayCompletionBody;
  idempotencyKey: string;
  /** Checks that an upload id belongs to the participant (receipts, photo fields). */
  uploadExists?: (uploadId: string) => Promise<boolean>;
  /** Records the receipt of a sale left pending for review, in the completion's transaction (smart review). */
  onPendingReceipt?: (tx: DbOrTx, receipt: PendingReceipt) => Promise<void>;
}

export interface PendingReceipt {
  completionId: number;
  campaignId: number;
  brandId: string;
  uploadId: string;
}

const isSalesEntry = (kind: TPlayCompletionBody['kind']) => kind === 'itemSold' || kind === 'contest';

// A campaign mission's static parts (mission, items, rewards) change only while the campaign is
// editable; a running campaign's are read once per process and refreshed in the background, at most 2 s old.
// The engine's write checks the campaign's status itself.
const staticParts = refreshingMemoPerDatabase<StaticParts | undefined>({ freshMs: 1_500, maxAgeMs: 2_000, maxEntries: 5_000 });

interface StaticParts {
  cm: EngineCampaignMission;
  items: EngineItem[];
  rewards: EngineRewardRow[];
  campaignName: string;
}

function loadStatic(db: Db, brandId: string, campaignId: number, campaignMissionId: number) {
  return staticParts(db).get(`${brandId}:${campaignId}:${campaignMissionId}`, async () => {
    const cm = await findCampaignMission(db, brandId, campaignId, campaignMissionId);
    if (!cm) return undefined;
    const [items, rewards, name] = await Promise.all([
      missionItemsOf(db, cm.missionId),
      campaignRewards(db, brandId, campaignId),
      db.execute<{ name: string }>(
        sql`select name from campaigns where id = ${campaignId}`,
      ),
    ]);
    const campaignName = (name as unknown as { rows: { name: string }[] }).rows[0]?.name ?? '';
    return { cm, items, rewards, campaignName };
  });
}

export const requestHashOf = (campaignMissionId: number, body: unknown) =>
  createHash('sha256').update(`${campaignMissionId}:${JSON.stringify(body)}`).digest('base64url');


/** Grades and validates a submission against its mission; the fields of anything wrong. */
function evaluate(
  cm: EngineCampaignMission,
  items: EngineItem[],
  body: TPlayCompletionBody,
): { errors: TErrorField[]; score: number | null; passed: boolean | null; itemsSold: { itemId: number; quantity: number }[]; sales: number; answers: unknown } {
  const kind = submissionKindFor({
    type: cm.missionType as TMissionType,
    subtype: cm.missionSubtype as TMissionSubtype,
    isContest: cm.contest !== null,
  });
  if (body.kind !== kind)
    return { errors: [{ path: 'kind', message: `this mission takes "${kind}"` }], score: null, passed: null, itemsSold: [], sales: 0, answers: null };
  if (body.kind === 'learning') {
    const questions: TQuestionItem[] = items
      .filter((i) => i.kind === 'question')
      .map((i) => {
        const d = i.data as { options?: { id: string }[]; correctOptionId?: string };
        return { id: i.id, correctOptionId: d.correctOptionId ?? '', optionIds: (d.options ?? []).map((o) => o.id) };
      });
    const g = gradeLearning(questions, body.answers, cm.passingGrade);
    return { errors: g.errors, score: g.score, passed: g.passed, itemsSold: [], sales: 0, answers: body.answers };
  }
  if (body.kind === 'general') {
    const fields: TFieldItem[] = items
      .filter((i) => i.kind === 'field')
      .map((i) => {
        const d = i.data as { fieldType?: TFieldItem['fieldType']; required?: boolean; choices?: string[] };
        return { id: i.id, fieldType: d.fieldType ?? 'text', required: d.required ?? false, choices: d.choices ?? [] };
      });
    return { errors: validateGeneralAnswers(fields, body.answers), score: null, passed: null, itemsSold: [], sales: 0, answers: body.answers };
  }
  const optionIds = items.filter((i) => i.kind === 'option').map((i) => i.id);
  return {
    errors: validateSoldItems(optionIds, body.items),
    score: null,
    passed: null,
    itemsSold: body.items,
    sales: body.salesAmountCents ?? 0,
    answers: null,
  };
}

/** A receipt is required on sales entries (item sold, contest) of a brand whose smart review is on. */
export const receiptRequiredFor = (cm: Pick<EngineCampaignMission, 'smartReviewEnabled' | 'missionSubtype' | 'contest'>) =>
  cm.smartReviewEnabled && (cm.missionSubtype === 'itemSold' || cm.contest !== null);

/**
 * The one place a completion becomes rewards, in one transaction: idempotency, entries limits,
 * grading, the completion row, the contest score, and for an accepted completion every reward it
 * unlocks — a code claimed, a budget debited through the reward's ledger, a prize awaiting
 * assignment — each one row tied to this completion. Finish criteria are checked after commit.
 */
export async function recordCompletion(o: RecordCompletionOptions): Promise<{ result: TPlayCompletionResult; created: boolean }> {
  const p = o.participant;
  const s = await loadStatic(o.db, p.brandId, o.campaignId, o.campaignMissionId);
  if (!s) throw notFound('Mission');
  const { cm, items } = s;
  const requestHash = requestHashOf(o.campaignMissionId, o.body);
  if (cm.campaignStatus !== 'active') {
    // A replay after the campaign ended still answers the first result.
    const first = await findByIdempotencyKey(o.db, p, o.idempotencyKey);
    if (first && first.requestHash === requestHash) return { result: { ...(first.response as TPlayCompletionResult), replayed: true }, created: false };
    throw new AppError(409, ERROR_CODES.campaignNotActive, 'This campaign is not running');
  }

  const ev = evaluate(cm, items, o.body);
  if (ev.errors.length > 0) {
    // A replay of an accepted key with an identical body cannot fail validation; nothing to look up.
    throw invalid(ev.errors);
  }
  const receiptRequired = receiptRequiredFor(cm);
  const receiptUploadId = 'receiptUploadId' in o.body ? (o.body.receiptUploadId ?? null) : null;
  if (receiptRequired && !receiptUploadId) throw invalid([{ path: 'receiptUploadId', message: 'a receipt photo is required' }]);
  const uploadIds = [
    ...(receiptUploadId ? [receiptUploadId] : []),
    ...(o.body.kind === 'general'
      ? o.body.answers.filter((a) => items.find((i) => i.id === a.itemId)?.data['fieldType'] === 'photo' && typeof a.value === 'string' && a.value !== '').map((a) => String(a.value))
      : []),
  ];
  if (o.uploadExists)
    for (const id of uploadIds)
      if (!(await o.uploadExists(id))) throw invalid([{ path: id === receiptUploadId ? 'receiptUploadId' : 'answers', message: 'unknown upload' }]);

  const limits = effectiveEntryLimits(cm.campaignType, cm.maxEntriesPerUser, cm.maxEntriesPerStore);
  // A sale with a receipt waits for it to be reviewed (smart review on: read by OCR; off: a person), required or not.
  const status: 'accepted' | 'pending' = receiptRequired || (receiptUploadId !== null && isSalesEntry(o.body.kind)) ? 'pending' : 'accepted';
  let touchedStock = false;

  // Decision 0008 §7: a completion is read, planned by the domain rules and written in one statement
  // (writeCompletion); only a pending sale whose receipt row is written with it keeps the transaction below.
  if (!writesReceiptRow(status, receiptUploadId, o)) {
    const written = await writeCompletion({
      db: o.db,
      participant: p,
      campaignId: o.campaignId,
      campaignName: s.campaignName,
      campaignMissionId: o.campaignMissionId,
      missionId: cm.missionId,
      isContest: cm.contest !== null,
      limits,
      status,
      score: ev.score,
      passed: ev.passed,
      salesAmountCents: ev.sales,
      itemsSold: ev.itemsSold,
      answers: ev.answers,
      receiptUploadId,
      rewards: s.rewards,
      idempotencyKey: o.idempotencyKey,
      requestHash,
    });
    // After commit, so the last of several concurrent claims sees every other one committed.
    if (written.touched && cm.finishCriteria.some((c) => c === 'codes_over' || c === 'budget_over'))
      await checkFinishCriteria(o.db, o.campaignId);
    return { result: written.result, created: written.created };
  }

  const outcome = await o.db.transaction(async (tx) => {
    // The same participant lock as writeCompletion's, so entries limits hold across both paths.
    await lockParticipant(tx, p, o.campaignId, null);
    const locks: [number, number][] = [];
    if (limits.perUser !== null) locks.push([o.campaignMissionId, p.kind === 'store_user' ? p.id : -p.id]);
    if (limits.perStore !== null && p.storeId !== null) locks.push([o.campaignMissionId, -1_000_000_000 - p.storeId]);
    // The status as of this transaction: the cached one may be up to 2 s old.
    if ((await beginEngineTx(tx, o.campaignId, locks)) !== 'active') {
      const first = await findByIdempotencyKey(tx, p, o.idempotencyKey);
      if (first && first.requestHash === requestHash) return { replay: first.response as TPlayCompletionResult, result: null };
      throw new AppError(409, ERROR_CODES.campaignNotActive, 'This campaign is not running');
    }
    const inserted = await insertCompletion(tx, {
      brandId: p.brandId,
      campaignId: o.campaignId,
      campaignMissionId: o.campaignMissionId,
      participant: p,
      status,
      salesAmountCents: ev.sales,
      itemsSold: ev.itemsSold,
      answers: ev.answers,
      receiptUploadId,
      score: ev.score,
      passed: ev.passed,
      idempotencyKey: o.idempotencyKey,
      requestHash,
    });
    if (!inserted) {
      const first = await findByIdempotencyKey(tx, p, o.idempotencyKey);
      if (!first || first.requestHash !== requestHash)
        throw conflict('This Idempotency-Key was used for a different request', ERROR_CODES.idempotencyKeyReused, [
          { path: 'headers.idempotency-key', message: 'already used for a different request' },
        ]);
      return { replay: first.response as TPlayCompletionResult, result: null };
    }
    let left: number | null = null;
    if (limits.perUser !== null || limits.perStore !== null) {
      const used = await entriesUsed(tx, p, o.campaignMissionId, limits.perStore !== null);
      // The count includes this entry: over the limit means there was none left.
      if ((limits.perUser !== null && used.mine > limits.perUser) || (limits.perStore !== null && used.myStore > limits.perStore))
        throw new AppError(409, ERROR_CODES.noEntriesLeft, 'You have no entries left for this mission', [
          { path: 'campaignMissionId', message: 'no entries left' },
        ]);
      left = entriesLeft(limits, used);
    }
    let unlocked: TPlayUnlock[] = [];
    if (status === 'accepted') {
      const issued = await issueUnlocks(
        tx,
        {
          participant: p,
          campaignId: o.campaignId,
          campaignName: s.campaignName,
          campaignMissionId: o.campaignMissionId,
          missionId: cm.missionId,
          isContest: cm.contest !== null,
          completionId: inserted.id,
          salesAmountCents: ev.sales,
          itemsSold: ev.itemsSold,
          passed: ev.passed,
        },
        s.rewards,
      );
      unlocked = issued.unlocked;
      touchedStock = issued.touchedStock;
    } else if (receiptUploadId && o.onPendingReceipt) {
      // The receipt row is written with its completion, so no pending sale is ever without one.
      await o.onPendingReceipt(tx, { completionId: inserted.id, campaignId: o.campaignId, brandId: p.brandId, uploadId: receiptUploadId });
    }
    const result: TPlayCompletionResult = {
      completion: {
        id: inserted.id,
        campaignId: o.campaignId,
        campaignMissionId: o.campaignMissionId,
        status,
        score: ev.score,
        passed: ev.passed,
        salesAmountCents: ev.sales,
        createdAt: epoch(inserted.createdAt),
      },
      unlocked,
      entriesLeft: left,
      replayed: false,
    };
    await saveResponse(tx, inserted.id, result);
    return { replay: null, result };
  });
  if (outcome.replay) return { result: { ...outcome.replay, replayed: true }, created: false };
  // After commit, so the last of several concurrent claims sees every other one committed.
  if (touchedStock && cm.finishCriteria.some((c) => c === 'codes_over' || c === 'budget_over'))
    await checkFinishCriteria(o.db, o.campaignId);
  return { result: outcome.result!, created: true };
}

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);
/** A pending sale whose receipt row is written in the completion's transaction (smart review). */
const writesReceiptRow = (status: string, receiptUploadId: string | null, o: RecordCompletionOptions) =>
  status === 'pending' && receiptUploadId !== null && o.onPendingReceipt !== undefined;
