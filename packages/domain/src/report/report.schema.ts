import { z } from 'zod';
import { ZId } from '../shared/api-schemas.js';
import { ZBundleIdBody, ZCampaign } from '../campaign/campaign.schema.js';
import { REWARD_TYPES } from '../reward/reward-enums.js';
import { formatZoned } from '../launch/zoned-time.js';

/** The daily series of a report covers at most this many days, ending today or at the campaign's end. */
export const REPORT_MAX_DAYS = 30;

const ZCount = z.number().int().nonnegative();
const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'a YYYY-MM-DD date' });

/** GET /api/v3/bundle/{id}/report — storeKey narrows every figure to one store of the brand. */
export const ZReportQuery = z.object({ storeKey: ZId.optional() }).strict();
export type TReportQuery = z.infer<typeof ZReportQuery>;

/** POST /api/completion/bundle/consumer-report (product rule R50). */
export const ZConsumerReportBody = ZBundleIdBody;

export const ZReportTotals = z.object({
  completions: ZCount,
  /** Distinct store users with at least one completion. */
  participants: ZCount,
  /** Distinct stores with at least one completion. */
  storesActive: ZCount,
  rewardsUnlocked: ZCount,
  amountPaidCents: ZCount,
  /** Entries waiting for receipt review; not counted in completions. */
  pendingCompletions: ZCount.optional(),
  /** Unissued codes over the campaign's code rewards; null without code rewards. */
  codesLeft: ZCount.nullable().optional(),
  /** Paid budget not yet spent over its money and gift-card budgets; null without any. */
  budgetLeftCents: ZCount.nullable().optional(),
});
export type TReportTotals = z.infer<typeof ZReportTotals>;

export const ZReportMission = z.object({
  campaignMissionId: z.number().int().positive(),
  title: z.string(),
  completions: ZCount,
});
export type TReportMission = z.infer<typeof ZReportMission>;

export const ZReportReward = z.object({
  rewardId: z.number().int().positive(),
  type: z.enum(REWARD_TYPES),
  title: z.string(),
  unlocked: ZCount,
  /** Code rewards: codes not yet issued (null for other types). */
  codesLeft: ZCount.nullable().optional(),
  /** Money and budgeted gift cards: paid budget not yet spent (null for other types). */
  budgetLeftCents: ZCount.nullable().optional(),
});
export type TReportReward = z.infer<typeof ZReportReward>;

/** Completions on one calendar day of the campaign's time zone. */
export const ZReportDay = z.object({ date: ZDay, completions: ZCount });
export type TReportDay = z.infer<typeof ZReportDay>;

/** Why a campaign ended (issue 29): by hand, at its end date, or when its codes or budget ran out. */
export const END_REASONS = ['ended_by_user', 'end_date', 'codes_over', 'budget_over', 'unknown'] as const;
export type TEndReason = (typeof END_REASONS)[number];

/** The audit action that ended a campaign, as its reason. */
export function endReasonOf(action: string | null | undefined): TEndReason {
  switch (action) {
    case 'end':
      return 'ended_by_user';
    case 'scheduler.end':
      return 'end_date';
    case 'engine.codes_over':
      return 'codes_over';
    case 'engine.budget_over':
      return 'budget_over';
    default:
      return 'unknown';
  }
}

/** An ended campaign's ending: when, why, by whom, and what each payer paid in and got back (from the ledger). */
export const ZReportEnding = z.object({
  endedAt: z.number().int().nullable(),
  reason: z.enum(END_REASONS),
  /** The person who ended it by hand; null when a date or the campaign's finish criteria ended it. */
  endedBy: z.string().nullable(),
  payers: z.array(
    z.object({
      brandId: z.string(),
      name: z.string(),
      own: z.boolean(),
      /** Paid into the campaign's budgets (wallet debits and invoice charges). */
      paidCents: z.number().int(),
      /** Given back (refunds to the wallet and invoice credits). */
      refundedCents: z.number().int(),
    }),
  ),
});
export type TReportEnding = z.infer<typeof ZReportEnding>;

/** A campaign's figures: what its report page shows (product rule R50). */
export const ZCampaignReport = z.object({
  /** Set for an ended campaign. */
  ending: ZReportEnding.nullable().optional(),
  campaign: ZCampaign,
  totals: ZReportTotals,
  /** Every mission of the campaign in its order, including those nobody completed yet. */
  missions: z.array(ZReportMission),
  rewards: z.array(ZReportReward),
  /** One entry per day, oldest first, days without completions included. */
  daily: z.array(ZReportDay).max(REPORT_MAX_DAYS),
});
export type TCampaignReport = z.infer<typeof ZCampaignReport>;

const DAY_MS = 86_400_000;

const calendarDay = (epochSeconds: number, timeZone: string) => formatZoned(epochSeconds, timeZone).slice(0, 10);

function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

export interface TReportDaysInput {
  /** When the campaign starts or started (epoch seconds); null for one never scheduled, which has no days. */
  startDate: number | null;
  /** The last instant the series covers: now, or the campaign's end when that came first. */
  until: number;
  timeZone: string;
  maxDays?: number;
}

/**
 * The calendar days (YYYY-MM-DD in the campaign's zone) a report's daily series shows, oldest
 * first: the last `maxDays` up to `until`, never before the start day (so none before it starts).
 * Counted on calendar dates rather than 24-hour steps, so a daylight-saving change neither
 * skips nor repeats a day.
 */
export function reportDays({ startDate, until, timeZone, maxDays = REPORT_MAX_DAYS }: TReportDaysInput): string[] {
  if (startDate === null) return [];
  const last = calendarDay(until, timeZone);
  const windowStart = addDays(last, -(maxDays - 1));
  const startDay = calendarDay(startDate, timeZone);
  const first = startDay > windowStart ? startDay : windowStart;
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}
