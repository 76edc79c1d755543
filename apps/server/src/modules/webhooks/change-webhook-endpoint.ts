import { WEBHOOK_DELIVERY, type TUpdateWebhookEndpointBody, type TWebhookEndpoint, type TWebhookEndpointWithSecret } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { recordActivity, userActor } from '../activity/index.js';
import { checkWebhookUrl, type WebhookSettings } from './create-webhook-endpoint.js';
import { newWebhookSecret } from './webhook-secret.js';
import { deleteEndpointRow, findEndpointForUpdate, updateEndpointRow, type WebhookEndpointRow } from './webhooks.repository.js';
import { toWebhookEndpoint } from './webhooks.mapper.js';

interface EndpointChange {
  db: Db;
  actor: RequestActor;
  endpointId: number;
}

async function lockEndpoint(tx: Parameters<Parameters<Db['transaction']>[0]>[0], actor: RequestActor, id: number): Promise<WebhookEndpointRow> {
  const row = await findEndpointForUpdate(tx, actor.brandId, id);
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

/**
 * Changes an endpoint's URL, description or events, or turns it off or on. Turning it on again clears its run of
 * failures (its waiting messages go out again); off by a person is `manual`, so the list can tell it from the
 * dispatcher's disabling after failures.
 */
export async function updateWebhookEndpoint(o: EndpointChange & { body: TUpdateWebhookEndpointBody; settings: WebhookSettings }): Promise<TWebhookEndpoint> {
  const { db, actor, body } = o;
  if (body.url !== undefined) checkWebhookUrl(body.url, o.settings.allowPrivate);
  return db.transaction(async (tx) => {
    const old = await lockEndpoint(tx, actor, o.endpointId);
    const set: Partial<WebhookEndpointRow> = {};
    const changes: { field: string; old: unknown; new: unknown }[] = [];
    if (body.url !== undefined && body.url !== old.url) {
      set.url = body.url;
      changes.push({ field: 'url', old: old.url, new: body.url });
    }
    if (body.description !== undefined && body.description !== old.description) {
      set.description = body.description;
      changes.push({ field: 'description', old: old.description, new: body.description });
    }
    if (body.events !== undefined) {
      set.events = [...body.events];
      changes.push({ field: 'events', old: old.events, new: body.events });
    }
    if (body.enabled !== undefined && body.enabled !== old.enabled) {
      set.enabled = body.enabled;
      set.disabledReason = body.enabled ? null : 'manual';
      if (body.enabled) set.consecutiveFailures = 0;
      changes.push({ field: 'enabled', old: old.enabled, new: body.enabled });
    }
    const row = Object.keys(set).length ? await updateEndpointRow(tx, old.id, set) : old;
    if (changes.length)
      await recordActivity(tx, {
        brandId: actor.brandId,
        actor: userActor(actor),
        action: body.enabled === undefined ? 'webhook.updated' : body.enabled ? 'webhook.enabled' : 'webhook.disabled',
        subject: { type: 'webhook', id: row.id, label: row.url },
        changes,
      });
    return toWebhookEndpoint(row);
  });
}

/** Deletes an endpoint with its messages and their log. */
export async function deleteWebhookEndpoint(o: EndpointChange): Promise<void> {
  await o.db.transaction(async (tx) => {
    const row = await lockEndpoint(tx, o.actor, o.endpointId);
    await deleteEndpointRow(tx, row.id);
    await recordActivity(tx, {
      brandId: o.actor.brandId,
      actor: userActor(o.actor),
      action: 'webhook.deleted',
      subject: { type: 'webhook', id: row.id, label: row.url },
    });
  });
}

/**
 * A new signing secret, shown once. The previous one keeps signing beside it for a grace period (every delivery carries
 * both signatures, as the standard allows), so a receiver can switch without losing a message; rotating again within
 * the grace period drops the oldest.
 */
export async function rotateWebhookSecret(o: EndpointChange & { settings: WebhookSettings; now?: Date }): Promise<TWebhookEndpointWithSecret> {
  const now = o.now ?? new Date();
  return o.db.transaction(async (tx) => {
    const old = await lockEndpoint(tx, o.actor, o.endpointId);
    const secret = newWebhookSecret();
    const row = await updateEndpointRow(tx, old.id, {
      secretEnc: o.settings.box.seal(secret),
      previousSecretEnc: old.secretEnc,
      previousSecretUntil: new Date(now.getTime() + WEBHOOK_DELIVERY.rotationGraceSeconds * 1000),
    });
    await recordActivity(tx, {
      brandId: o.actor.brandId,
      actor: userActor(o.actor),
      action: 'webhook.secret_rotated',
      subject: { type: 'webhook', id: row.id, label: row.url },
    });
    return { endpoint: toWebhookEndpoint(row, now), secret };
  });
}

