// The webhooks feature's public file: Settings → Webhooks (issue 31, decision 0029).
export { WebhooksPage, WebhooksPanel } from './components/webhooks-page';
