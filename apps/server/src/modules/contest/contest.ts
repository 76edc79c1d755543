import {
  ERROR_CODES,
  pageMeta,
  type TAssignPrizeBody,
  type TAssignPrizeResult,
  type TContestRankData,
  type TContestRankDataBody,
  type TPrizeList,
  type TPrizeUserFormBody,
  type TPrizeUserFormResult,
  type TPrizeWinner,
} from '@rally/domain';
import type { Db } from '../../db/client.js';
import { AppError, invalid, notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { findCampaign } from '../campaign/index.js';
import { givePrize, leaderboardPage, type ContestCaches } from '../engine/index.js';
import { contestMissionOf } from '../play/index.js';
import {
  formOf,
  lockPrize,
  markAssigned,
  prizeOf,
  prizesOf,
  storeUserOf,
  unlockForAssignment,
  unlockOfBrand,
  userHasAssigned,
  winnerById,
  winnersOf,
  type WinnerRow,
} from './contest.repository.js';

const epoch = (d: Date | string | null) => (d === null ? null : Math.floor(new Date(d).getTime() / 1000));

function toWinner(w: WinnerRow): TPrizeWinner {
  return {
    unlockId: Number(w.unlock_id),
    status: w.status,
    userId: w.user_id,
    userName: w.user_name,
    storeId: w.store_id,
    storeName: w.store_name,
    assignedAt: epoch(w.assigned_at),
    assignedBy: w.assigned_by,
    assignedByName: w.assigned_by_name,
    formId: w.form_id,
    createdAt: epoch(w.created_at)!,
  };
}

/**
 * POST /api/v4/bundle/{id}/contest-rank-data: the contest's ranked users or stores, with the fields its display flags
 * allow. `caches`: the app's contest caches (app.caches.engine) — an unfiltered first page is everyone's.
 */
export async function getContestRankData(db: Db, caches: ContestCaches, actor: RequestActor, campaignId: number, body: TContestRankDataBody): Promise<TContestRankData> {
  const campaign = await findCampaign(db, actor.brandId, campaignId);
  if (!campaign) throw notFound('Campaign');
  const cm = await contestMissionOf(db, campaign.id, body.filters.campaignMissionId);
  if (!cm) {
    if (body.filters.campaignMissionId !== undefined) throw invalid([{ path: 'filters.campaignMissionId', message: 'not a contest mission of this campaign' }]);
    throw notFound('Contest');
  }
  const offset = (body.currentPage - 1) * body.perPage;
  const page = await leaderboardPage(db, { caches, campaignMissionId: cm.campaign_mission_id, contest: cm.contest, filters: body.filters, offset, limit: body.perPage, withTotal: true });
  const c = cm.contest;
  return {
    contest: {
      campaignMissionId: cm.campaign_mission_id,
      type: c.type,
      rankLeadersBasedOn: c.rankLeadersBasedOn,
      displayLeaderboard: c.displayLeaderboard,
      rulesUrl: c.rulesAndRegulations.useCustom ? c.rulesAndRegulations.customUrl : null,
      displayLeadersByUserInfo: c.displayLeadersByUserInfo,
      displayLeadersByStoreInfo: c.displayLeadersByStoreInfo,
      displayLeadersByNumberSubmissions: c.displayLeadersByNumberSubmissions,
      displayLeadersByTotalSalesAmount: c.displayLeadersByTotalSalesAmount,
    },
    items: page.rows,
    _meta: pageMeta(page.total, body.currentPage, body.perPage),
  };
}

/** GET /api/v4/bundle/{id}/prize-list */
export async function getPrizeList(db: Db, actor: RequestActor, campaignId: number): Promise<TPrizeList> {
  const campaign = await findCampaign(db, actor.brandId, campaignId);
  if (!campaign) throw notFound('Campaign');
  const prizes = await prizesOf(db, actor.brandId, campaign.id);
  const winners = await winnersOf(db, actor.brandId, prizes.map((p) => p.id));
  return {
    items: prizes.map((p) => {
      const mine = winners.filter((w) => w.reward_id === p.id);
      return {
        rewardId: p.id,
        title: p.title,
        description: p.description,
        imageUrl: p.image_url,
        valueCents: p.value_cents === null ? null : Number(p.value_cents),
        totalAvailable: p.total_available ?? 1,
        assigned: mine.filter((w) => w.status === 'assigned').length,
        unlocks: mine.map(toWinner),
      };
    }),
  };
}

/**
 * POST /api/reward/write/assign-prize: a prize goes to a winner once. The prize row is locked, so
 * concurrent assignments of one prize never exceed totalAvailable nor give one winner the prize twice.
 */
export async function assignPrize(db: Db, actor: RequestActor, body: TAssignPrizeBody): Promise<TAssignPrizeResult> {
  if (body.assignedBy && body.assignedBy !== actor.userId) throw invalid([{ path: 'assignedBy', message: 'must be you (or left out)' }]);
  const unlockId = await db.transaction(async (tx) => {
    const prize = await prizeOf(tx, actor.brandId, body.rewardId);
    if (!prize) throw notFound('Reward');
    if (prize.type !== 'prize') throw invalid([{ path: 'rewardId', message: 'not a prize' }]);
    const user = await storeUserOf(tx, actor.brandId, body.userId);
    if (!user) throw notFound('User');
    if (body.unitId != null && body.unitId !== user.store_id) throw invalid([{ path: 'unitId', message: "not the winner's store" }]);
    const gift = {
      participant: { kind: 'store_user' as const, id: user.id, brandId: actor.brandId, storeId: user.store_id },
      campaignId: prize.campaign_id,
      rewardId: prize.id,
      assignedBy: actor.userId,
      assignedStoreId: user.store_id,
    };
    // The engine takes the winner's lock first (its lock order); the prize's units are counted under it.
    return givePrize(tx, gift, async (issue) => {
      const assigned = await lockPrize(tx, prize.id);
      const already = () => new AppError(409, ERROR_CODES.alreadyAssigned, 'This prize is already assigned to this winner', [{ path: 'unlockId', message: 'already assigned' }]);
      if (await userHasAssigned(tx, prize.id, user.id)) throw already();
      if (assigned >= (prize.total_available ?? 1))
        throw new AppError(409, ERROR_CODES.alreadyAssigned, 'Every unit of this prize is assigned', [{ path: 'rewardId', message: 'none left' }]);
      if (body.unlockId != null) {
        const u = await unlockForAssignment(tx, body.unlockId);
        if (!u || u.reward_id !== prize.id || u.store_user_id !== user.id) throw notFound('Unlock');
        if (u.status !== 'awaiting_assignment') throw already();
        if (body.formId != null) {
          const f = await formOf(tx, u.id);
          if (!f || f.id !== body.formId) throw invalid([{ path: 'formId', message: 'not the form of this unlock' }]);
        }
        await markAssigned(tx, u.id, actor.userId, user.store_id);
        return Number(u.id);
      }
      if (body.formId != null) throw invalid([{ path: 'formId', message: 'a form belongs to an unlock: send unlockId' }]);
      return issue();
    });
  });
  return { rewardId: body.rewardId, winner: toWinner((await winnerById(db, unlockId))!) };
}

/** POST /api/reward/read/prize/user-form: the winner's delivery form (null until filled). */
export async function getPrizeUserForm(
  db: Db,
  actor: RequestActor,
  body: { unlockId: number; rewardId: number; userId: number },
): Promise<TPrizeUserFormResult> {
  const u = await unlockOfBrand(db, actor.brandId, body.unlockId, body.rewardId, body.userId);
  if (!u) throw notFound('Unlock');
  const f = await formOf(db, u.id);
  const data = f ? (typeof f.data === 'string' ? (JSON.parse(f.data) as TPrizeUserFormBody) : f.data) : null;
  return {
    unlockId: body.unlockId,
    rewardId: body.rewardId,
    userId: body.userId,
    form: f && data ? { ...data, formId: f.id, submittedAt: epoch(f.created_at)! } : null,
  };
}
