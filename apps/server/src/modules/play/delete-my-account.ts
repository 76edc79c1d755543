import { type TPlayDeleteAccountBody, type TPlayDeletionPreview, deletionRefusal } from '@rally/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { invalid, unauthenticated } from '../../lib/app-error.js';
import { recordActivity } from '../activity/index.js';
import type { ParticipantRef } from '../engine/index.js';
import { moneyEarned } from './play.repository.js';
import { anonymiseParticipant, deletionCounts, lockLiveParticipant } from './play-self-service.repository.js';
import type { PlayActor } from './play-session.js';

/**
 * The money a participant would give up by deleting: what their money rewards credited and was not paid out to them.
 * Rally's own rule is every money unlock (no payout was made through Rally); a payouts module passes in its balance.
 */
export type UnpaidBalance = (db: DbOrTx, p: ParticipantRef) => Promise<number>;
export const moneyEarnedBalance: UnpaidBalance = (db, p) => moneyEarned(db, p);

export interface DeletionPreviewOptions {
  db: Db;
  actor: PlayActor;
  unpaidBalance?: UnpaidBalance | undefined;
}

/** What the confirmation shows: the money given up, and the entries and rewards kept without the person's name. */
export async function previewMyDeletion({ db, actor, unpaidBalance = moneyEarnedBalance }: DeletionPreviewOptions): Promise<TPlayDeletionPreview> {
  const counts = await deletionCounts(db, actor);
  return { moneyEarnedCents: await unpaidBalance(db, actor), brandCurrency: actor.participant.brandCurrency, ...counts };
}

export interface DeleteMyAccountOptions extends DeletionPreviewOptions {
  body: TPlayDeleteAccountBody;
}

/**
 * Deletes the participant's account (decision 0027), in one transaction: the row is locked, the unpaid balance read
 * again under the lock and checked against the amount the person confirmed giving up, then the person is removed
 * (anonymiseParticipant) while completions, unlocks, contest scores and every ledger row stay. Every session of
 * theirs ends; the brand's activity log records it without a name.
 */
export async function deleteMyAccount({ db, actor, body, unpaidBalance = moneyEarnedBalance }: DeleteMyAccountOptions): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockLiveParticipant(tx, actor))) throw unauthenticated();
    const refusal = deletionRefusal({ moneyEarnedCents: await unpaidBalance(tx, actor) }, body);
    if (refusal) throw invalid([refusal], 'Confirm giving up the money you earned');
    await anonymiseParticipant(tx, actor);
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: { kind: 'system', name: 'Participant' },
      action: 'participant.account_deleted',
      subject: { type: actor.kind, id: actor.id, label: null },
    });
  });
}
