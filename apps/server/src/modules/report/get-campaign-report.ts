import { DEFAULT_TIME_ZONE, endReasonOf, isValidTimeZone, reportDays, type TCampaignReport, type TReportDay, type TReportEnding } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { invalid, notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { toApiCampaign, toEpochSeconds, findCampaign } from '../campaign/index.js';
import { unknownStoreIds } from '../store/index.js';
import { completionFigures, endingEntry, payerMoney, rewardFigures } from './report.repository.js';

export interface GetCampaignReportOptions {
  db: Db;
  actor: RequestActor;
  campaignId: number;
  /** A store of the brand to narrow the figures to. */
  storeKey?: number | undefined;
  /** The consumer-report call: a campaign of another type is refused (400 on bundleId). */
  consumerOnly?: boolean;
  /** Epoch seconds; tests pin it. */
  now?: number;
}

/** A campaign of the caller's brand, in any status, with its completion and reward figures. */
export async function getCampaignReport({
  db,
  actor,
  campaignId,
  storeKey,
  consumerOnly = false,
  now = Math.floor(Date.now() / 1000),
}: GetCampaignReportOptions): Promise<TCampaignReport> {
  const campaign = await findCampaign(db, actor.brandId, campaignId);
  if (!campaign) throw notFound('Campaign');
  if (consumerOnly && campaign.type !== 'consumer') {
    throw invalid([{ path: 'bundleId', message: 'not a consumer campaign' }]);
  }
  if (storeKey !== undefined && (await unknownStoreIds(db, actor.brandId, [storeKey])).length > 0) {
    throw invalid([{ path: 'storeKey', message: 'no such store' }]);
  }

  // A zone PostgreSQL does not know would fail the query; the schedule's default stands in.
  const timeZone = isValidTimeZone(campaign.timeZone) ? campaign.timeZone : DEFAULT_TIME_ZONE;
  // The series stops where the campaign did: its end date, or an earlier end (budget or codes over).
  const until = Math.min(
    now,
    ...[campaign.endDate, campaign.endedAt].filter((d): d is Date => d !== null).map(toEpochSeconds),
  );
  const days = reportDays({ startDate: campaign.startDate && toEpochSeconds(campaign.startDate), until, timeZone });

  const scope = { brandId: actor.brandId, campaignId: campaign.id, storeId: storeKey ?? null };
  const [figures, rewards, ending] = await Promise.all([
    completionFigures(db, scope, { timeZone, firstDay: days[0] ?? '', lastDay: days.at(-1) ?? '' }),
    rewardFigures(db, scope),
    campaign.status === 'ended' ? endingOf(db, campaign) : null,
  ]);
  const perDay = new Map(figures.daily.map((d) => [d.date, d.completions]));
  const daily: TReportDay[] = days.map((date) => ({ date, completions: perDay.get(date) ?? 0 }));

  return {
    campaign: toApiCampaign(campaign),
    ending,
    totals: {
      completions: figures.completions,
      participants: figures.participants,
      storesActive: figures.storesActive,
      rewardsUnlocked: rewards.reduce((sum, r) => sum + r.unlocked, 0),
      amountPaidCents: rewards.reduce((sum, r) => sum + r.paidCents, 0),
      pendingCompletions: figures.pending,
      codesLeft: sumOrNull(rewards.map((r) => r.codesLeft ?? null)),
      budgetLeftCents: sumOrNull(rewards.map((r) => r.budgetLeftCents ?? null)),
    },
    missions: figures.missions,
    rewards: rewards.map(({ paidCents: _paid, ...reward }) => reward),
    daily,
  };
}

/**
 * When and why an ended campaign ended (the audit entry that ended it: by whom, at its end date, codes or budget
 * over) and what each payer paid in and got back (the ledgers): the report's ending panel (issue 29).
 */
async function endingOf(db: Db, campaign: { id: number; brandId: string; endedAt: Date | null }): Promise<TReportEnding> {
  const [entry, payers] = await Promise.all([endingEntry(db, campaign.brandId, campaign.id), payerMoney(db, campaign.id)]);
  const reason = endReasonOf(entry?.action);
  const endedAt = campaign.endedAt ?? entry?.at ?? null;
  return {
    endedAt: endedAt ? toEpochSeconds(endedAt) : null,
    reason,
    endedBy: reason === 'ended_by_user' ? (entry?.userName ?? null) : null,
    payers: payers
      .map((p) => ({ ...p, own: p.brandId === campaign.brandId }))
      .sort((a, b) => Number(b.own) - Number(a.own) || a.name.localeCompare(b.name)),
  };
}

const sumOrNull = (values: (number | null)[]) => {
  const present = values.filter((v): v is number => v !== null);
  return present.length === 0 ? null : present.reduce((a, b) => a + b, 0);
};
