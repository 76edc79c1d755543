import {
  budgetDue,
  ERROR_CODES,
  launchChecksBudget,
  LAUNCH_MESSAGES,
  reachKind,
  rewardCodeErrors,
  statusAfter,
  validateLaunchForm,
  type TErrorField,
  type TLaunchFormBody,
  type TReach,
  type TReachRequest,
  type TStatusChangeResult,
} from '@rally/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, conflict, invalid } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { editCampaign, toEpochSeconds } from '../campaign/index.js';
import { jobsForCampaign, type CampaignScheduler } from '../scheduler/index.js';
import { findBrandBilling, listLaunchRewards } from './launch.repository.js';
import { debitSharedLaunch } from '../partner/index.js';
import { chargePostpaidBudgets } from './pay-due-budget.js';

/** How many groups, stores and users a scope reaches (the store module answers). */
export type CalculateReach = (db: DbOrTx, brandId: string, request: TReachRequest) => Promise<TReach>;
/** Checks that the chosen places are the chosen countries; returns the fields that disagree. */
export type CheckPlaces = (selection: Pick<TLaunchFormBody, 'countryCodes' | 'selectedPlacesIds' | 'selectedCountries'>) => Promise<TErrorField[]>;

export interface ChangeCampaignStatusOptions {
  db: Db;
  actor: RequestActor;
  campaignId: number;
  form: TLaunchFormBody;
  scheduler: CampaignScheduler;
  calculateReach: CalculateReach;
  checkPlaces: CheckPlaces;
  now?: Date;
}

export const budgetUnpaid = (fields: TErrorField[], dueCents: number) =>
  new AppError(402, ERROR_CODES.budgetUnpaid, `Money rewards' budgets are not paid: ${(dueCents / 100).toFixed(2)} due`, fields);

/**
 * Launch now, schedule or reschedule (product rules R10–R16): the server re-checks every rule of the action's
 * steps with the same domain functions the modal uses, recomputes the reach, and changes status,
 * dates, scope and reach in one transaction. The scheduler's jobs follow the committed state.
 */
export async function changeCampaignStatus(options: ChangeCampaignStatusOptions): Promise<TStatusChangeResult> {
  const { db, actor, campaignId, form, scheduler } = options;
  const now = options.now ?? new Date();
  const nowSeconds = Math.floor(now.getTime() / 1000);

  const { campaign: row } = await editCampaign({ db, actor, permission: 'campaign:launch', campaignId, status: 'any' }, async (tx, { campaign }) => {
    const next = statusAfter(campaign.status, form.action);
    if (next === undefined || next === null) {
      throw conflict(`A campaign that is ${campaign.status} cannot be ${form.action}d`, ERROR_CODES.illegalTransition, [
        { path: 'action', message: `cannot ${form.action} from ${campaign.status}` },
      ]);
    }
    if (form.action !== 'reschedule' && campaign.completionProgress < 100) {
      throw conflict('Complete the campaign before launching it', ERROR_CODES.illegalTransition, [
        { path: 'completionProgress', message: 'complete all sections to launch' },
      ]);
    }

    const brand = await findBrandBilling(tx, actor.brandId);
    const rewards = await listLaunchRewards(tx, campaign.id);
    const consumer = reachKind(campaign.type) === 'countries';
    // A reschedule changes dates only: scope and finish criteria stay as launched.
    const effective: TLaunchFormBody =
      form.action === 'reschedule'
        ? {
            ...form,
            finishCriteria: campaign.finishCriteria as TLaunchFormBody['finishCriteria'],
            scope: campaign.scopeType,
            pks: campaign.scopePks,
            countryCodes: campaign.countryCodes,
            selectedPlacesIds: campaign.selectedPlacesIds,
            selectedCountries: campaign.selectedCountries,
          }
        : consumer
          ? { ...form, scope: 'all', pks: [] }
          : { ...form, countryCodes: [], selectedPlacesIds: [], selectedCountries: [] };
    const startDate = form.action === 'launch' ? nowSeconds : (effective.startDate ?? null);

    const errors = validateLaunchForm(
      { ...effective, startDate, endDate: effective.endDate ?? null },
      {
        campaignType: campaign.type,
        sharedCampaign: campaign.sharedCampaign,
        isRetailer: brand.isRetailer,
        isCampaignOwner: campaign.brandId === actor.brandId,
        paymentPlan: brand.paymentPlan,
        rewards,
        now: nowSeconds,
      },
    );
    if (consumer && form.action !== 'reschedule') errors.push(...(await options.checkPlaces(effective)));
    // A code reward with no code to give cannot go live, whichever way its codes went missing (product rule R16).
    if (form.action !== 'reschedule') errors.push(...rewardCodeErrors(rewards));
    if (errors.length) throw invalid(errors);

    if (launchChecksBudget(form.action)) {
      const owed = budgetDue(rewards, brand.paymentPlan);
      if (owed.due > 0) {
        throw budgetUnpaid(
          owed.rewards.map((r) => ({ path: `rewards.${r.id}.budget`, message: LAUNCH_MESSAGES.budgetUnpaid })),
          owed.due,
        );
      }
    }

    // A postpaid brand's budgets go on its month's invoice as the campaign goes live (a schedule is charged at its start).
    if (form.action === 'launch' && brand.paymentPlan === 'postpaid') {
      await chargePostpaidBudgets(tx, { brandId: actor.brandId, campaignId: campaign.id, userId: actor.userId }, rewards);
    }

    // A shared campaign: each accepted partner pays its own slice from its own wallet in this
    // transaction; a short wallet or a missing acceptance undoes the whole launch (product rule R76).
    const shared =
      campaign.sharedCampaign && form.action !== 'reschedule'
        ? await debitSharedLaunch(tx, { campaign, userId: actor.userId, ownerPlan: brand.paymentPlan })
        : null;

    // The reach stored is the server's own count for the scope, never the figure the browser showed.
    const reach =
      form.action === 'reschedule'
        ? { groups: campaign.reachGroups, stores: campaign.reachStores, users: campaign.reachUsers }
        : await options.calculateReach(tx, actor.brandId, {
            scope: effective.scope,
            pks: effective.pks,
            ...(consumer ? { countryCodes: effective.countryCodes } : {}),
          });

    const toDate = (s: number | null | undefined) => (s == null ? null : new Date(s * 1000));
    const set = {
      status: next,
      // A new start is tried afresh: a block recorded for the old start time no longer applies.
      startBlocked: null,
      startDate: toDate(startDate),
      endDate: toDate(effective.endDate),
      timeZone: effective.timeZone,
      finishCriteria: [...effective.finishCriteria],
      scopeType: effective.scope,
      scopePks: [...effective.pks],
      countryCodes: [...effective.countryCodes],
      selectedPlacesIds: [...effective.selectedPlacesIds],
      selectedCountries: [...effective.selectedCountries],
      reachGroups: reach.groups,
      reachStores: reach.stores,
      reachUsers: reach.users,
      ...(form.action === 'launch' ? { launchedAt: now } : {}),
    };
    const changes = (Object.keys(set) as (keyof typeof set)[])
      .filter((k) => k !== 'launchedAt')
      .map((k) => ({ field: k, old: campaign[k] instanceof Date ? (campaign[k] as Date).toISOString() : campaign[k], new: set[k] instanceof Date ? (set[k] as Date).toISOString() : set[k] }))
      .filter((c) => JSON.stringify(c.old) !== JSON.stringify(c.new));
    return { action: `status.${form.action}`, set, changes: [...changes, ...(shared?.changes ?? [])] };
  });

  await scheduler.replaceJobs(row.id, jobsForCampaign(row));
  return {
    status: row.status,
    bundleId: row.id,
    startDate: row.startDate ? toEpochSeconds(row.startDate) : null,
    endDate: row.endDate ? toEpochSeconds(row.endDate) : null,
    version: row.version,
  };
}
