import type { TV1Consumer, TV1ConsumerBody } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { conflict } from '../../lib/app-error.js';
import { recordActivity, userActor } from '../activity/index.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { insertConsumer, lockConsumersOf, toV1Consumer, updateConsumer } from './consumers.repository.js';

/**
 * A brand's system says who its consumers are (issue 31, decision 0031): the consumer with this externalRef — else
 * with this address — is the same person, updated (name, address, country, language, reference) and made active
 * again; otherwise one is created, ready to sign in to /play with the address. Idempotent: the same body twice changes
 * nothing the second time (200, no activity line). A reference and an address that name two different consumers is
 * 409 naming the field that disagrees.
 */
export async function upsertConsumer(o: { db: Db; actor: RequestActor; person: TV1ConsumerBody }): Promise<{ consumer: TV1Consumer; created: boolean }> {
  requirePermission(o.actor, 'staff:manage');
  const { actor, person } = o;
  return o.db.transaction(async (tx) => {
    const found = await lockConsumersOf(tx, actor.brandId, { externalRef: person.externalRef, email: person.email });
    const byRef = person.externalRef === undefined ? undefined : found.find((c) => c.externalRef === person.externalRef);
    const byEmail = found.find((c) => c.email === person.email);
    if (byRef && byEmail && byRef.id !== byEmail.id) {
      throw conflict('Another consumer of the brand has this address', undefined, [{ path: 'email', message: `used by consumer ${byEmail.id}` }]);
    }
    const target = byRef ?? byEmail;
    if (!target) {
      const row = await insertConsumer(tx, {
        brandId: actor.brandId,
        externalRef: person.externalRef ?? null,
        email: person.email,
        name: person.name,
        countryCode: person.countryCode,
        locale: person.locale ?? null,
      });
      if (!row) throw conflict('This consumer was just added by another request; send it again', undefined, [{ path: 'email', message: 'added meanwhile' }]);
      await recordActivity(tx, { brandId: actor.brandId, actor: userActor(actor), action: 'consumer.created', subject: { type: 'consumer', id: row.id, label: person.externalRef ?? person.email } });
      return { consumer: toV1Consumer(row), created: true };
    }
    if (person.externalRef !== undefined && target.externalRef !== null && target.externalRef !== person.externalRef) {
      throw conflict('This address belongs to a consumer with another reference', undefined, [{ path: 'externalRef', message: `consumer ${target.id} has another reference` }]);
    }
    const next = {
      externalRef: person.externalRef ?? target.externalRef,
      email: person.email,
      name: person.name,
      countryCode: person.countryCode,
      locale: person.locale ?? target.locale,
    };
    const changes: { field: string; old: unknown; new: unknown }[] = (['externalRef', 'email', 'name', 'countryCode', 'locale'] as const)
      .filter((field) => target[field] !== next[field])
      .map((field) => ({ field, old: target[field], new: next[field] }));
    if (target.deactivatedAt !== null) changes.push({ field: 'active', old: false, new: true });
    if (changes.length === 0) return { consumer: toV1Consumer(target), created: false };
    const row = await updateConsumer(tx, actor.brandId, target.id, { ...next, deactivatedAt: null });
    await recordActivity(tx, { brandId: actor.brandId, actor: userActor(actor), action: 'consumer.updated', subject: { type: 'consumer', id: row.id, label: row.externalRef ?? person.email }, changes });
    return { consumer: toV1Consumer(row), created: false };
  });
}
