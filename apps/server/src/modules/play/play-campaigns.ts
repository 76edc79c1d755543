import {
  effectiveEntryLimits,
  entriesLeft,
  progressTowardNext,
  submissionKindFor,
  type TPlayCampaignDetail,
  type TPlayCampaignList,
  type TPlayCampaignSummary,
  type TPlayMission,
  type TPlayMissionItem,
  type TPlayRank,
  type TPlayReward,
} from '@rally/domain';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { leaderboardPage, participantKey, rankOf, receiptRequiredFor, type ContestCaches } from '../engine/index.js';
import type { PlayCaches } from './play-caches.js';
import type { PlayActor } from './play-session.js';
import {
  findCampaignFor,
  listActiveCampaignsFor,
  missionsFor,
  reachOfCampaign,
  rewardsFor,
  type PlayCampaignRow,
  type PlayMissionRow,
  type ReachRow,
} from './play.repository.js';

const epoch = (d: Date | string | null) => (d === null ? null : Math.floor(new Date(d).getTime() / 1000));
const num = (v: number | string | null) => (v === null ? null : Number(v));
const reachOf = (a: PlayActor) => ({ ...a, countryCode: a.participant.countryCode });

function toSummary(c: PlayCampaignRow): TPlayCampaignSummary {
  return {
    id: c.id,
    name: c.name,
    type: c.type,
    status: c.status,
    sharedCampaign: c.shared_campaign,
    startDate: epoch(c.start_date),
    endDate: epoch(c.end_date),
    timeZone: c.time_zone,
    missionCount: Number(c.mission_count),
    rewardCount: Number(c.reward_count),
    myCompletions: Number(c.my_completions),
    myUnlocks: Number(c.my_unlocks),
  };
}

export async function listMyCampaigns(db: Db, actor: PlayActor): Promise<TPlayCampaignList> {
  return { items: (await listActiveCampaignsFor(db, reachOf(actor))).map(toSummary) };
}

/** What a participant sees of an item: never a question's correct answer. */
function toItem(i: PlayMissionRow['items'] extends (infer T)[] | string ? T : never): TPlayMissionItem {
  const d = i.data;
  if (i.kind === 'question')
    return { kind: 'question', id: i.id, title: i.title, options: ((d['options'] as { id: string; text: string }[] | undefined) ?? []).map((o) => ({ id: o.id, text: o.text })) };
  if (i.kind === 'option') return { kind: 'option', id: i.id, title: i.title, sku: (d['sku'] as string | undefined) ?? null };
  return {
    kind: 'field',
    id: i.id,
    title: i.title,
    fieldType: (d['fieldType'] as 'photo' | 'text' | 'number' | 'choice' | undefined) ?? 'text',
    required: Boolean(d['required']),
    choices: (d['choices'] as string[] | undefined) ?? [],
  };
}

function toMission(m: PlayMissionRow, campaignType: string): TPlayMission {
  const limits = effectiveEntryLimits(campaignType, m.max_entries_per_user, m.max_entries_per_store);
  const items = typeof m.items === 'string' ? [] : m.items;
  return {
    campaignMissionId: m.campaign_mission_id,
    missionId: m.mission_id,
    title: m.title,
    description: m.description,
    imageUrl: m.image_url,
    type: m.type,
    subtype: m.subtype,
    order: m.order,
    submissionKind: submissionKindFor({ type: m.type, subtype: m.subtype, isContest: m.contest !== null }),
    items: items.map(toItem),
    passingGrade: m.passing_grade,
    receiptRequired: receiptRequiredFor({ smartReviewEnabled: m.smart_review_enabled, missionSubtype: m.subtype, contest: m.contest }),
    maxEntriesPerUser: campaignType === 'consumer' ? 1 : m.max_entries_per_user,
    maxEntriesPerStore: campaignType === 'consumer' ? 0 : m.max_entries_per_store,
    entriesLeft: entriesLeft(limits, { mine: Number(m.accepted) + Number(m.pending), myStore: Number(m.store_used) }),
    myCompletions: { accepted: Number(m.accepted), pending: Number(m.pending), rejected: Number(m.rejected) },
    lastRejection:
      m.last_rejection && typeof m.last_rejection === 'object' ? { at: Number(m.last_rejection.at), reason: m.last_rejection.reason } : null,
    contest: m.contest
      ? {
          type: m.contest.type,
          rankLeadersBasedOn: m.contest.rankLeadersBasedOn,
          displayLeaderboard: m.contest.displayLeaderboard,
          rulesUrl: m.contest.rulesAndRegulations.useCustom ? m.contest.rulesAndRegulations.customUrl : null,
        }
      : null,
  };
}

export async function getMyCampaign(db: Db, actor: PlayActor, campaignId: number): Promise<TPlayCampaignDetail> {
  const c = await findCampaignFor(db, reachOf(actor), campaignId);
  if (!c) throw notFound('Campaign');
  const [missions, rewards] = await Promise.all([missionsFor(db, actor, c.id), rewardsFor(db, actor, c.id)]);
  const cmByMission = new Map(missions.map((m) => [m.mission_id, m.campaign_mission_id]));
  return {
    campaign: toSummary(c),
    missions: missions.map((m) => toMission(m, c.type)),
    rewards: rewards.map((r): TPlayReward => {
      const codesLeft = r.codes_left === null ? null : Number(r.codes_left);
      const budgetLeft = num(r.budget_left);
      const prizesLeft = r.type === 'prize' ? Math.max(0, (r.total_available ?? 1) - Number(r.assigned)) : null;
      const capped = !r.is_unlimited && Number(r.my_unlocked) >= r.max_per_user;
      const amount = num(r.amount_cents) ?? 0;
      const ranOut = codesLeft === 0 || (budgetLeft !== null && budgetLeft < Math.max(1, amount)) || prizesLeft === 0;
      return {
        id: r.id,
        type: r.type,
        title: r.title,
        description: r.description,
        imageUrl: r.image_url,
        scope: r.scope,
        campaignMissionId: r.mission_id === null ? null : (cmByMission.get(r.mission_id) ?? null),
        amountCents: num(r.amount_cents),
        percentageDiscount: r.percentage_discount,
        valueCents: num(r.value_cents),
        completionsToUnlock: r.completions_to_unlock,
        maxPerUser: r.max_per_user,
        isUnlimited: r.is_unlimited,
        codesLeft,
        budgetLeftCents: budgetLeft === null ? null : Math.max(0, budgetLeft),
        prizesLeft,
        myProgress: progressTowardNext({ completionsToUnlock: r.completions_to_unlock }, Number(r.my_in_scope)),
        myUnlocked: Number(r.my_unlocked),
        canStillUnlock: c.status === 'active' && !capped && !ranOut,
      };
    }),
  };
}

/** The campaign if it reaches me (active or ended), kept 10 s per participant (`reaches`: app.caches.play.reaches); 404 otherwise. */
export async function campaignReachingMe(db: Db, reaches: PlayCaches['reaches'], actor: PlayActor, campaignId: number): Promise<ReachRow> {
  const reach = await reaches.load(`${participantKey(actor)}:${campaignId}`, () => reachOfCampaign(db, reachOf(actor), campaignId));
  if (!reach) throw notFound('Campaign');
  return reach;
}

/** `caches`: the app's reaches (app.caches.play.reaches) and contest caches (app.caches.engine). */
export async function getMyRank(
  db: Db,
  caches: { reaches: PlayCaches['reaches']; contests: ContestCaches },
  actor: PlayActor,
  campaignId: number,
  top: number,
): Promise<TPlayRank> {
  // Reach and contest mission kept for 10 s per participant; in a user contest my place, the top page and the count
  // come from this process's standings (decision 0008 §10), so a repeated request reads nothing.
  const ctx = await campaignReachingMe(db, caches.reaches, actor, campaignId);
  if (ctx.campaign_mission_id === null || !ctx.contest) throw notFound('Contest');
  const contest = ctx.contest;
  const cmId = ctx.campaign_mission_id;
  const me =
    actor.kind !== 'store_user'
      ? null
      : await rankOf(db, {
          caches: caches.contests,
          campaignMissionId: cmId,
          contest,
          storeUserId: actor.id,
          storeId: actor.storeId,
          name: actor.participant.name,
          storeName: actor.participant.storeName,
        });
  const page =
    contest.displayLeaderboard && top > 0
      ? await leaderboardPage(db, { caches: caches.contests, campaignMissionId: cmId, contest, filters: {}, offset: 0, limit: top, withTotal: true })
      : { rows: [], total: 0 };
  return {
    contest: {
      type: contest.type,
      rankLeadersBasedOn: contest.rankLeadersBasedOn,
      displayLeaderboard: contest.displayLeaderboard,
      rulesUrl: contest.rulesAndRegulations.useCustom ? contest.rulesAndRegulations.customUrl : null,
    },
    me,
    top: page.rows,
    totalRanked: page.total,
  };
}
