import { createHash } from 'node:crypto';
import {
  ERROR_CODES,
  effectiveEntryLimits,
  entriesLeft,
  gradeLearning,
  isCodeReward,
  issueAmountFor,
  newUnlocks,
  qualifyingFilter,
  submissionKindFor,
  validateGeneralAnswers,
  validateSoldItems,
  type TEngineReward,
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
import type { Db } from '../../db/client.js';
import { AppError, conflict, invalid, notFound } from '../../lib/app-error.js';
import {
  addContestScore,
  beginEngineTx,
  campaignRewards,
  claimCode,
  entriesUsed,
  findByIdempotencyKey,
  findCampaignMission,
  insertCompletion,
  insertUnlock,
  missionItemsOf,
  reserveBudget,
  saveResponse,
  scopeHistory,
  unlocksSoFar,
  type EngineCampaignMission,
  type EngineItem,
  type EngineRewardRow,
  type ParticipantRef,
} from './engine.repository.js';
import { checkFinishCriteria } from './finish-campaign.js';

export interface RecordCompletionOptions {
  db: Db;
  participant: ParticipantRef & { campaignName?: string };
  campaignId: number;
  campaignMissionId: number;
  body: TPlayCompletionBody;
  idempotencyKey: string;
  /** Checks that an upload id belongs to the participant (receipts, photo fields). */
  uploadExists?: (uploadId: string) => Promise<boolean>;
}

// A campaign mission's static parts (mission, items, rewards) change only while the campaign is
// editable; a running campaign's are read once per process for a short while.
const STATIC_TTL_MS = 2_000;
// Per database handle: several apps (tests, the seed) in one process never share entries.
const staticCaches = new WeakMap<object, Map<string, { at: number; value: Promise<StaticParts | undefined> }>>();

interface StaticParts {
  cm: EngineCampaignMission;
  items: EngineItem[];
  rewards: EngineRewardRow[];
  campaignName: string;
}

async function loadStatic(db: Db, brandId: string, campaignId: number, campaignMissionId: number) {
  let staticCache = staticCaches.get(db);
  if (!staticCache) staticCaches.set(db, (staticCache = new Map()));
  const cache = staticCache;
  const key = `${brandId}:${campaignId}:${campaignMissionId}`;
  const hit = staticCache.get(key);
  if (hit && Date.now() - hit.at < STATIC_TTL_MS) return hit.value;
  const value = (async () => {
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
  })();
  staticCache.set(key, { at: Date.now(), value });
  if (staticCache.size > 5_000) staticCache.clear();
  value.catch(() => cache.delete(key));
  return value;
}

export const requestHashOf = (campaignMissionId: number, body: unknown) =>
  createHash('sha256').update(`${campaignMissionId}:${JSON.stringify(body)}`).digest('base64url');

const toEngineReward = (r: EngineRewardRow): TEngineReward => ({
  id: r.id,
  type: r.type,
  scope: r.scope,
  missionId: r.missionId,
  completionsToUnlock: r.completionsToUnlock,
  maxPerUser: r.maxPerUser,
  isUnlimited: r.isUnlimited,
  assignment: r.assignment,
  amountCents: r.amountCents,
  budgetCents: r.budgetCents,
  dynamicActive: r.dynamicActive,
  dynamicAmounts: r.dynamicAmounts,
});

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
  const status: 'accepted' | 'pending' = receiptRequired ? 'pending' : 'accepted';
  const rewards = s.rewards.filter((r) => r.scope === 'campaign' || r.missionId === cm.missionId);
  // Code rewards first and budgets last: the reward row a debit locks is held for the shortest time.
  rewards.sort((a, b) => rank(a) - rank(b));
  let touchedStock = false;

  const outcome = await o.db.transaction(async (tx) => {
    const locks: [number, number][] = [];
    if (limits.perUser !== null) locks.push([o.campaignMissionId, p.kind === 'store_user' ? p.id : -p.id]);
    if (limits.perStore !== null && p.storeId !== null) locks.push([o.campaignMissionId, -1_000_000_000 - p.storeId]);
    // The status as of this transaction: the cached one may be up to STATIC_TTL_MS old.
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
    const unlocked: TPlayUnlock[] = [];
    const counts = status === 'accepted' && ev.passed !== false;
    if (status === 'accepted' && cm.contest !== null && p.kind === 'store_user' && p.storeId !== null)
      await addContestScore(tx, p.brandId, o.campaignMissionId, p.id, p.storeId, ev.sales);
    if (counts) {
      const current = { missionId: cm.missionId, salesAmountCents: ev.sales, itemIds: ev.itemsSold.map((i) => i.itemId) };
      for (const r of rewards) {
        const er = toEngineReward(r);
        const [history, before] = await Promise.all([
          scopeHistory(tx, p, o.campaignId, r.scope === 'mission' ? r.missionId : null, qualifyingFilter(r.assignment)),
          unlocksSoFar(tx, p, r.id),
        ]);
        const n = newUnlocks(er, current, history, before);
        for (let i = 0; i < n; i++) {
          const amount = issueAmountFor(er, current);
          const base = {
            campaignId: o.campaignId,
            campaignName: s.campaignName,
            rewardId: r.id,
            type: r.type,
            title: r.title,
            completionId: inserted.id,
            linkToShop: null,
            finePrint: null,
            prizeForm: null,
          };
          if (amount !== null && amount > 0) {
            touchedStock = true;
            if (!(await reserveBudget(tx, r.id, amount))) break;
          }
          if (isCodeReward(r.type)) {
            touchedStock = true;
            const claim = await claimCode(tx, p, r, inserted.id, amount);
            if (!claim) break;
            if (amount !== null && amount > 0) {
              // The gift card's value leaves the budget with the code: a ledger row for the same unlock.
              await tx.execute(
                sql`insert into reward_budget_ledger (brand_id, reward_id, amount_cents, completion_id, unlock_id)
                  values (${p.brandId}, ${r.id}, ${-amount}, ${inserted.id}, ${claim.unlockId})`,
              );
            }
            unlocked.push({ ...base, unlockId: claim.unlockId, status: 'issued', code: claim.code, amountCents: amount, createdAt: epoch(claim.createdAt) });
          } else if (r.type === 'prize') {
            const u = await insertUnlock(tx, p, r, inserted.id, 'awaiting_assignment', null);
            unlocked.push({ ...base, unlockId: u.unlockId, status: 'awaiting_assignment', code: null, amountCents: null, createdAt: epoch(u.createdAt) });
          } else {
            const u = await insertUnlock(tx, p, r, inserted.id, 'issued', amount);
            unlocked.push({ ...base, unlockId: u.unlockId, status: 'issued', code: null, amountCents: amount, createdAt: epoch(u.createdAt) });
          }
        }
      }
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

const rank = (r: EngineRewardRow) => (isCodeReward(r.type) ? 0 : r.type === 'prize' ? 1 : 2);
const epoch = (d: Date) => Math.floor(d.getTime() / 1000);
