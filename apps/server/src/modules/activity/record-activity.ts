import type { DbOrTx } from '../../db/client.js';
import { brandActivity } from '../../db/schema/index.js';

/** Who made a change, as the log shows them. */
export type ActivityActor =
  | { kind: 'user'; userId: string; name: string }
  | { kind: 'api_key'; keyId: string; name: string }
  | { kind: 'operator'; userId: string; name: string }
  | { kind: 'system'; name?: string };

export interface ActivityEntry {
  brandId: string;
  actor: ActivityActor;
  /** area.verb: member.invited, member.role_changed, partner.invited, brand.updated, campaign.launched… */
  action: string;
  subject?: { type: string; id: string | number; label?: string | null };
  changes?: { field: string; old: unknown; new: unknown }[];
}

/** The actor a signed-in member's change is logged under; a change made with an API key is logged under the key's name. */
export const userActor = (actor: { userId: string; userName: string; apiKey?: { id: string; name: string } }): ActivityActor =>
  actor.apiKey ? { kind: 'api_key', keyId: actor.apiKey.id, name: actor.apiKey.name } : { kind: 'user', userId: actor.userId, name: actor.userName };

/**
 * Records a change in the brand's activity log. Call it with the transaction that makes the change, so the log holds
 * exactly what happened (a rolled-back change leaves no line).
 */
export async function recordActivity(db: DbOrTx, entry: ActivityEntry): Promise<void> {
  const a = entry.actor;
  await db.insert(brandActivity).values({
    brandId: entry.brandId,
    actorKind: a.kind,
    actorId: a.kind === 'user' || a.kind === 'operator' ? a.userId : a.kind === 'api_key' ? a.keyId : null,
    actorName: a.kind === 'system' ? (a.name ?? 'Rally') : a.name,
    action: entry.action,
    subjectType: entry.subject?.type ?? null,
    subjectId: entry.subject === undefined ? null : String(entry.subject.id),
    subjectLabel: entry.subject?.label ?? null,
    changes: entry.changes ?? [],
  });
}
