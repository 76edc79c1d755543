// The webhooks module's public file: a brand's outbound webhook endpoints and the dispatcher delivering the outbox
// (decision 0029). Writing an event is lib/webhook-outbox.ts (any module) or the SQL function webhook_enqueue.
export { createWebhooks, webhookRoutes, type WebhookOptions, type Webhooks } from './webhooks.routes.js';
export { createSecretBox, newWebhookSecret } from './webhook-secret.js';
export { createWebhookSender, checkedLookup } from './webhook-sender.js';
