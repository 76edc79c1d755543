import { ERROR_CODES, type TPromoteBody, type TPromoteResult } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import {
  addressesOf,
  findBrandCampaign,
  insertDeliveries,
  insertSend,
  lockBrandPromote,
  reachRecipients,
  sentInLastDay,
  type PromoteCampaignRow,
} from './promote.repository.js';

/** Statuses a campaign can be promoted in: launched (running or scheduled to start). */
const PROMOTABLE = new Set(['active', 'scheduled']);

/** The actor's launched non-consumer campaign, or 404 / 409. */
export async function promotableCampaign(db: Db, actor: RequestActor, campaignId: number): Promise<PromoteCampaignRow> {
  const c = await findBrandCampaign(db, actor.brandId, campaignId);
  if (!c) throw notFound('Campaign');
  if (c.type === 'consumer')
    throw new AppError(409, ERROR_CODES.illegalTransition, 'A consumer campaign is shared by its public link, not promoted to stores', [
      { path: 'bundleId', message: 'a non-consumer campaign' },
    ]);
  if (!PROMOTABLE.has(c.status))
    throw new AppError(409, ERROR_CODES.illegalTransition, `Only a launched campaign can be promoted (this one is ${c.status})`, [
      { path: 'bundleId', message: 'a launched campaign' },
    ]);
  return c;
}

/**
 * Records a promote request and one delivery per address of the chosen stores (their managers, else their
 * staff), within the brand's limit of mails per 24 hours; the mail itself goes out in a background job.
 * Addresses that unsubscribed are logged as such and not mailed.
 */
export async function promoteCampaign(o: {
  db: Db;
  actor: RequestActor;
  campaignId: number;
  body: TPromoteBody;
  dailyLimit: number;
}): Promise<TPromoteResult> {
  await promotableCampaign(o.db, o.actor, o.campaignId);
  const storeIds = [...new Set(o.body.retailers)];
  const addresses = await addressesOf(o.db, o.actor.brandId, o.campaignId, storeIds);
  const reached = new Set(addresses.map((a) => a.store_id));
  const outside = storeIds.findIndex((id) => !reached.has(id));
  if (outside >= 0 && !(await storeInReachWithoutAddress(o.db, o.actor.brandId, o.campaignId, storeIds[outside]!)))
    throw new AppError(400, ERROR_CODES.validation, 'A chosen store is not in the campaign\'s reach', [
      { path: `retailers.${outside}`, message: 'a store the campaign reaches' },
    ]);
  const mailable = addresses.filter((a) => !a.unsubscribed);
  if (mailable.length === 0)
    throw new AppError(400, ERROR_CODES.validation, 'None of the chosen stores has an address to mail', [
      { path: 'retailers', message: 'choose stores with staff emails' },
    ]);
  return o.db.transaction(async (tx) => {
    await lockBrandPromote(tx, o.actor.brandId);
    const used = await sentInLastDay(tx, o.actor.brandId);
    const remaining = Math.max(0, o.dailyLimit - used);
    if (mailable.length > remaining)
      throw new AppError(
        429,
        ERROR_CODES.rateLimited,
        `The brand may send ${o.dailyLimit} promote mails in 24 hours; ${remaining} left, this request needs ${mailable.length}`,
        [{ path: 'retailers', message: `at most ${remaining} more addresses today` }],
      );
    const sendId = await insertSend(tx, {
      brandId: o.actor.brandId,
      campaignId: o.campaignId,
      template: o.body.emailTemplate,
      subject: o.body.emailSubject,
      language: o.body.language,
      createdBy: o.actor.userId,
    });
    await insertDeliveries(tx, o.actor.brandId, sendId, addresses);
    return { sendId, queued: mailable.length, unsubscribed: addresses.length - mailable.length, remainingToday: remaining - mailable.length };
  });
}

async function storeInReachWithoutAddress(db: Db, brandId: string, campaignId: number, storeId: number): Promise<boolean> {
  return (await reachRecipients(db, brandId, campaignId, 100_000)).some((s) => s.id === storeId);
}
