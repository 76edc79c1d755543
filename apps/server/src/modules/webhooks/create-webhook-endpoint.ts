import { ERROR_CODES, WEBHOOK_LIMITS, webhookUrlProblem, type TCreateWebhookEndpointBody, type TWebhookEndpointWithSecret } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { appError, invalid } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { recordActivity, userActor } from '../activity/index.js';
import { newWebhookSecret, type SecretBox } from './webhook-secret.js';
import { countEndpoints, insertEndpoint } from './webhooks.repository.js';
import { toWebhookEndpoint } from './webhooks.mapper.js';

export interface WebhookSettings {
  box: SecretBox;
  /** WEBHOOK_ALLOW_PRIVATE_URLS. */
  allowPrivate: boolean;
}

/** The URL rule of the server's setting, as a 400 naming the field. */
export function checkWebhookUrl(url: string, allowPrivate: boolean, path = 'url'): void {
  const problem = webhookUrlProblem(url, allowPrivate);
  if (problem) throw invalid([{ path, message: problem }]);
}

/** A new endpoint and, this once, its signing secret (kept encrypted to sign with; decision 0029). */
export async function createWebhookEndpoint(o: { db: Db; actor: RequestActor; body: TCreateWebhookEndpointBody; settings: WebhookSettings }): Promise<TWebhookEndpointWithSecret> {
  const { db, actor, body, settings } = o;
  checkWebhookUrl(body.url, settings.allowPrivate);
  return db.transaction(async (tx) => {
    if ((await countEndpoints(tx, actor.brandId)) >= WEBHOOK_LIMITS.perBrand)
      throw appError(ERROR_CODES.conflict, `A brand has at most ${WEBHOOK_LIMITS.perBrand} webhook endpoints: delete one first`);
    const secret = newWebhookSecret();
    const row = await insertEndpoint(tx, {
      brandId: actor.brandId,
      url: body.url,
      description: body.description,
      events: [...body.events],
      secretEnc: settings.box.seal(secret),
      createdBy: actor.userId,
    });
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: 'webhook.created',
      subject: { type: 'webhook', id: row.id, label: row.url },
      changes: [
        { field: 'url', old: null, new: row.url },
        { field: 'events', old: null, new: row.events },
      ],
    });
    return { endpoint: toWebhookEndpoint(row), secret };
  });
}
