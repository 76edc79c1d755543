import type { TPlayMyRewards, TPlayUnlock, TPrizeUserFormBody } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { invalid, notFound } from '../../lib/app-error.js';
import type { PlayActor } from './play-session.js';
import { moneyEarned, savePrizeForm, unlockOf, unlocksOf, type UnlockRow } from './play.repository.js';

const epoch = (d: Date | string) => Math.floor(new Date(d).getTime() / 1000);

export function toPlayUnlock(u: UnlockRow): TPlayUnlock {
  const form = u.form_data === null ? null : typeof u.form_data === 'string' ? (JSON.parse(u.form_data) as TPrizeUserFormBody) : u.form_data;
  return {
    unlockId: Number(u.unlock_id),
    campaignId: u.campaign_id,
    campaignName: u.campaign_name,
    rewardId: u.reward_id,
    type: u.type,
    title: u.title,
    status: u.status,
    code: u.code,
    amountCents: u.amount_cents === null ? null : Number(u.amount_cents),
    linkToShop: u.link_to_shop,
    finePrint: u.fine_print,
    completionId: u.completion_id === null ? null : Number(u.completion_id),
    createdAt: epoch(u.created_at),
    prizeForm: form && u.form_id !== null ? { ...form, formId: u.form_id, submittedAt: epoch(u.form_created_at!) } : null,
  };
}

export async function listMyRewards(db: Db, actor: PlayActor): Promise<TPlayMyRewards> {
  const [rows, earned] = await Promise.all([unlocksOf(db, actor), moneyEarned(db, actor)]);
  return { items: rows.map(toPlayUnlock), moneyEarnedCents: earned };
}

/** A prize winner (or candidate) fills the delivery form of their prize unlock. */
export async function submitPrizeForm(db: Db, actor: PlayActor, unlockId: number, body: TPrizeUserFormBody): Promise<TPlayUnlock> {
  const u = await unlockOf(db, actor, unlockId);
  if (!u) throw notFound('Reward');
  if (u.type !== 'prize') throw invalid([{ path: 'unlockId', message: 'not a prize' }]);
  await savePrizeForm(db, actor.brandId, unlockId, body);
  return toPlayUnlock((await unlockOf(db, actor, unlockId))!);
}
