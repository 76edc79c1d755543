import { createHash } from 'node:crypto';
import {
  ERROR_CODES,
  effectiveEntryLimits,
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
  type TQuestionItem,
} from '@rally/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, invalid, notFound } from '../../lib/app-error.js';
import {
  campaignRewards,
  findByIdempotencyKey,
  findCampaignMission,
  markEnteredBy,
  missionItemsOf,
  type EngineCampaignMission,
  type EngineItem,
  type ParticipantRef,
} from './engine.repository.js';
import type { EngineCaches, EngineStaticParts } from './engine-caches.js';
import { checkFinishCriteria } from './finish-campaign.js';
import { writeCompletion } from './write-completion.js';

export interface RecordCompletionOptions {
  db: Db;
  /** The app's engine caches (`app.caches.engine`). */
  caches: EngineCaches;
  participant: ParticipantRef & { campaignName?: string };
  campaignId: number;
  campaignMissionId: number;
  body: TPlayCompletionBody;
  idempotencyKey: string;
  /** Checks that an upload id belongs to the participant (receipts, photo fields). */
  uploadExists?: (uploadId: string) => Promise<boolean>;
  /** Records the receipt of a sale left pending for review, in the completion's transaction (smart review). */
  onPendingReceipt?: (tx: DbOrTx, receipt: PendingReceipt) => Promise<void>;
  /**
   * A store manager who enters this completion for the participant, a colleague of the same store: recorded on the
   * completion (entered_by) in its transaction; everything else — limits, progress, unlocks — is the participant's.
   */
  enteredBy?: number;
}

export interface PendingReceipt {
  completionId: number;
  campaignId: number;
  brandId: string;
  uploadId: string;
}

const isSalesEntry = (kind: TPlayCompletionBody['kind']) => kind === 'itemSold' || kind === 'contest';

// A campaign mission's static parts (mission, items, rewards) change only while the campaign is editable; a running
// campaign's are kept in `caches.staticParts` (refreshed in the background, never older than 2 s). The engine's
// write checks the campaign's status itself.
function loadStatic(db: Db, caches: EngineCaches, brandId: string, campaignId: number, campaignMissionId: number) {
  return caches.staticParts.load(`${brandId}:${campaignId}:${campaignMissionId}`, async (): Promise<EngineStaticParts | undefined> => {
    const cm = await findCampaignMission(db, brandId, campaignId, campaignMissionId);
    if (!cm) return undefined;
    const [items, rewards] = await Promise.all([missionItemsOf(db, cm.missionId), campaignRewards(db, brandId, campaignId)]);
    return { cm, items, rewards, campaignName: cm.campaignName };
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
 * A participant's submit: grading and validation against the mission, then writeCompletion — idempotency, entries
 * limits, the completion row, the contest score and, for an accepted completion, every reward it unlocks through the
 * engine's one issue (engine_issue; decision 0008 "Issuance paths and lock order"). A pending sale's receipt row is
 * written in the same transaction. Finish criteria are checked after commit.
 */
export async function recordCompletion(o: RecordCompletionOptions): Promise<{ result: TPlayCompletionResult; created: boolean }> {
  const p = o.participant;
  const s = await loadStatic(o.db, o.caches, p.brandId, o.campaignId, o.campaignMissionId);
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
  const onPendingReceipt = status === 'pending' && receiptUploadId !== null ? o.onPendingReceipt : undefined;
  const enteredBy = o.enteredBy;
  const afterWrite =
    onPendingReceipt || enteredBy !== undefined
      ? async (tx: DbOrTx, completionId: number) => {
          if (enteredBy !== undefined) await markEnteredBy(tx, p.brandId, completionId, enteredBy);
          if (onPendingReceipt) await onPendingReceipt(tx, { completionId, campaignId: o.campaignId, brandId: p.brandId, uploadId: receiptUploadId! });
        }
      : undefined;
  const written = await writeCompletion({
    db: o.db,
    caches: o.caches,
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
    // The receipt row and the entering manager are written with their completion, so no pending sale is ever
    // without its receipt and no manager's entry without its mark.
    ...(afterWrite ? { afterWrite } : {}),
  });
  // After commit, so the last of several concurrent claims sees every other one committed.
  if (written.touched && cm.finishCriteria.some((c) => c === 'codes_over' || c === 'budget_over')) await checkFinishCriteria(o.db, o.campaignId);
  return { result: written.result, created: written.created };
}
