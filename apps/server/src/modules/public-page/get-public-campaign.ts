import { firstNameAndInitial, type TPublicLeaderboardNames, type TRankRow } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { leaderboardPage, type ContestCaches } from '../engine/index.js';
import { findPublicCampaign, publicMissions, publicRewards } from './public-page.repository.js';

export interface PublicReward {
  title: string;
  description: string;
  type: 'money' | 'discount' | 'free_product' | 'gift_card' | 'prize';
  amountCents: number | null;
  percentageDiscount: number | null;
  valueCents: number | null;
  /** Code rewards: codes left of all; prizes: left to win; null when the reward has no count to show. */
  left: number | null;
  total: number | null;
  validUntil: Date | null;
}

export interface PublicCampaign {
  id: number;
  uid: string;
  name: string;
  brandName: string;
  currency: string;
  type: 'general' | 'contest' | 'learning' | 'consumer';
  status: 'active' | 'ended';
  startDate: Date | null;
  endDate: Date | null;
  timeZone: string;
  countryCodes: string[];
  missions: { title: string; description: string }[];
  rewards: PublicReward[];
  /** Only what the brand lets a public page name (PublicRankRow); null when the contest shows no leaderboard. */
  leaderboard: { showUser: boolean; showStore: boolean; showSubmissions: boolean; showSales: boolean; rows: PublicRankRow[] } | null;
  /** A consumer campaign that is running: visitors may sign in and take part here. */
  canTakePart: boolean;
}

/** A leaderboard row as the public may see it: no ids; a name only as the brand allows (first name and initial). */
export type PublicRankRow = Pick<TRankRow, 'rank' | 'userName' | 'storeName' | 'submissions' | 'salesAmountCents'>;

const LEADERBOARD_ROWS = 10;
const date = (d: Date | string | null) => (d === null ? null : new Date(d));
const num = (v: number | string | null) => (v === null ? null : Number(v));

/**
 * What the public page shows of a launched campaign; null for an unknown uid or an unlaunched campaign.
 * `caches`: the app's contest caches (app.caches.engine), for the leaderboard's first page.
 */
export async function getPublicCampaign(db: Db, caches: ContestCaches, uid: string): Promise<PublicCampaign | null> {
  const c = await findPublicCampaign(db, uid);
  if (!c || (c.status !== 'active' && c.status !== 'ended')) return null;
  const [missions, rewards] = await Promise.all([publicMissions(db, c.id), publicRewards(db, c.id)]);
  const contestMission = missions.find((m) => m.contest?.displayLeaderboard);
  let leaderboard: PublicCampaign['leaderboard'] = null;
  if (contestMission?.contest) {
    const contest = contestMission.contest;
    const page = await leaderboardPage(db, {
      caches,
      campaignMissionId: contestMission.campaign_mission_id,
      contest,
      filters: {},
      offset: 0,
      limit: LEADERBOARD_ROWS,
      withTotal: false,
    });
    leaderboard = publicLeaderboard(c.public_leaderboard_names, contest, page.rows);
  }
  return {
    id: c.id,
    uid: c.public_uid,
    name: c.name,
    brandName: c.brand_name,
    currency: c.currency,
    type: c.type,
    status: c.status,
    startDate: date(c.start_date),
    endDate: date(c.end_date),
    timeZone: c.time_zone,
    countryCodes: typeof c.country_codes === 'string' ? (JSON.parse(c.country_codes) as string[]) : (c.country_codes ?? []),
    missions: missions.map((m) => ({ title: m.title, description: m.description })),
    rewards: rewards.map((r) => {
      const isCode = r.codes_total !== null;
      return {
        title: r.title,
        description: r.description,
        type: r.type,
        amountCents: num(r.amount_cents),
        percentageDiscount: r.percentage_discount,
        valueCents: num(r.value_cents),
        left: isCode ? Number(r.codes_left) : r.type === 'prize' ? Math.max(0, (r.total_available ?? 1) - Number(r.assigned)) : null,
        total: isCode ? Number(r.codes_total) : r.type === 'prize' ? (r.total_available ?? 1) : null,
        validUntil: date(r.end_date),
      };
    }),
    leaderboard,
    canTakePart: c.type === 'consumer' && c.status === 'active',
  };
}

/**
 * The leaderboard the public sees (issue 27): the contest's own display choices, narrowed by the brand's choice of
 * who a public page names — nobody by default, first name and last initial, or stores. Names not shown are not
 * sent to the page at all; a board left with nothing but ranks is not shown.
 */
function publicLeaderboard(
  names: TPublicLeaderboardNames,
  contest: { type: 'user' | 'store'; displayLeadersByUserInfo: boolean; displayLeadersByStoreInfo: boolean; displayLeadersByNumberSubmissions: boolean; displayLeadersByTotalSalesAmount: boolean },
  rows: TRankRow[],
): PublicCampaign['leaderboard'] {
  const showUser = names === 'initials' && contest.type === 'user' && contest.displayLeadersByUserInfo;
  const showStore = names === 'stores' && (contest.type === 'store' || contest.displayLeadersByStoreInfo);
  const showSubmissions = contest.displayLeadersByNumberSubmissions;
  const showSales = contest.displayLeadersByTotalSalesAmount;
  if (!showUser && !showStore && !showSubmissions && !showSales) return null;
  return {
    showUser,
    showStore,
    showSubmissions,
    showSales,
    rows: rows.map((r) => ({
      rank: r.rank,
      userName: showUser && r.userName !== null ? firstNameAndInitial(r.userName) : null,
      storeName: showStore ? r.storeName : null,
      submissions: showSubmissions ? r.submissions : null,
      salesAmountCents: showSales ? r.salesAmountCents : null,
    })),
  };
}
