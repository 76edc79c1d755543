import { ERROR_CODES, staffRoleOf, type TPlayColleagues, type TPlayCompletionBody, type TPlayCompletionResult, type TAddReceiptResult } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { AppError, invalid } from '../../lib/app-error.js';
import { participantKey, recordCompletion, type EngineCaches } from '../engine/index.js';
import { campaignReachingMe, loadParticipant, uploadBelongsTo, type PlayActor } from '../play/index.js';
import { attachReceipt, queueReceiptReview, type SmartReviewDeps } from '../smart-review/index.js';
import { activeColleagues, staffFacts } from './manager-entry.repository.js';

type Reaches = Parameters<typeof campaignReachingMe>[1];

const notManager = () =>
  new AppError(403, ERROR_CODES.forbidden, 'Only a store manager enters for a colleague', [{ path: 'role', message: 'you are not a manager of an active store team' }]);

/** The signed-in participant as a store manager who may enter for colleagues: an active store user with role manager. */
async function managerOf(db: Db, actor: PlayActor) {
  if (actor.kind !== 'store_user') throw notManager();
  const me = await staffFacts(db, actor.brandId, actor.id);
  if (!me || me.role !== 'manager' || me.status !== 'active') throw notManager();
  return me;
}

/** The colleagues a manager may enter for: the other active people of the manager's store. */
export async function listColleagues(db: Db, actor: PlayActor): Promise<TPlayColleagues> {
  const me = await managerOf(db, actor);
  return { colleagues: (await activeColleagues(db, actor.brandId, me.store_id, me.id)).map((c) => ({ id: c.id, name: c.name, role: staffRoleOf(c.role) })) };
}

export interface EnterForColleagueOptions {
  db: Db;
  engine: EngineCaches;
  reaches: Reaches;
  manager: PlayActor;
  colleagueId: number;
  campaignId: number;
  campaignMissionId: number;
  body: TPlayCompletionBody;
  idempotencyKey: string;
  smartReview?: SmartReviewDeps;
}

/**
 * A store manager records a sale (or a mission) for a colleague of the same store. It is the colleague's completion,
 * through the engine's one submit (recordCompletion: the colleague's campaign reach, entries limits, progress and
 * unlocks), marked entered_by the manager in its transaction. Refused: non-managers, people of another store (or
 * brand, or none: the same answer), deactivated or waiting colleagues, and the manager themself.
 */
export async function enterForColleague(o: EnterForColleagueOptions): Promise<{ result: TPlayCompletionResult; created: boolean }> {
  const me = await managerOf(o.db, o.manager);
  const field = (message: string) => [{ path: 'colleagueId', message }];
  if (o.colleagueId === me.id) throw invalid(field('enter your own entries from the mission itself'));
  const colleague = await staffFacts(o.db, o.manager.brandId, o.colleagueId);
  if (!colleague || colleague.store_id !== me.store_id)
    throw new AppError(403, ERROR_CODES.forbidden, 'You can enter only for a colleague of your store', field('not a colleague of your store'));
  if (colleague.status !== 'active')
    throw new AppError(409, ERROR_CODES.conflict, 'This colleague is not active', field(colleague.status === 'inactive' ? 'this colleague was deactivated' : `this colleague is ${colleague.status}`));
  const participant = (await loadParticipant(o.db, 'store_user', colleague.id))!;
  // Only a campaign that reaches the colleague (their store, a group of it, all stores).
  await campaignReachingMe(o.db, o.reaches, participant, o.campaignId);
  const sr = o.smartReview;
  const pending: { receipt: TAddReceiptResult | null } = { receipt: null };
  const out = await recordCompletion({
    db: o.db,
    caches: o.engine,
    participant,
    campaignId: o.campaignId,
    campaignMissionId: o.campaignMissionId,
    body: o.body,
    // The manager's keys apart from the colleague's own.
    idempotencyKey: `m${me.id}:${o.idempotencyKey}`,
    enteredBy: me.id,
    // Photos (a receipt) are the manager's uploads.
    uploadExists: (id) => uploadBelongsTo(o.db, participantKey(o.manager), id),
    ...(sr
      ? {
          onPendingReceipt: async (tx, receipt) => {
            pending.receipt = await attachReceipt(tx, sr, receipt);
          },
        }
      : {}),
  });
  if (sr && pending.receipt?.status === 'queued') await queueReceiptReview(sr.jobs, pending.receipt.receiptId);
  return out;
}
