import webPush from 'web-push';
import type { VapidKeys } from '../../config/vapid.js';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushSender {
  /** Encrypts the payload for the browser (RFC 8291, aes128gcm) and POSTs it to its push service with VAPID (RFC 8292). */
  send(target: PushTarget, payload: string, options: { topic: string; ttlSeconds: number }): Promise<{ outcome: PushOutcome; status: number; detail: string }>;
}

// A VAPID token is valid up to 24 h; one per push service origin is signed every hour instead of once per push.
const TOKEN_SECONDS = 12 * 60 * 60;
const RESIGN_MS = 60 * 60 * 1000;

/**
 * Web Push through the `web-push` package's encryption and VAPID signing, sent with fetch: its own sender speaks
 * only https and opens a connection per push, fetch keeps connections to a push service open between pushes (and
 * reaches a local push service over http in tests and the benchmark).
 */
export function createPushSender(vapid: VapidKeys, timeoutMs = 10_000): PushSender {
  const tokens = new Map<string, { authorization: string; at: number }>();
  const authorizationFor = (endpoint: string) => {
    const audience = new URL(endpoint).origin;
    const now = Date.now();
    const cached = tokens.get(audience);
    if (cached && now - cached.at < RESIGN_MS) return cached.authorization;
    const headers = webPush.getVapidHeaders(
      audience,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      Math.floor(now / 1000) + TOKEN_SECONDS,
    );
    tokens.set(audience, { authorization: headers.Authorization, at: now });
    return headers.Authorization;
  };
  return {
    async send(target, payload, options) {
      const details = webPush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
        TTL: options.ttlSeconds,
        topic: options.topic,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
      });
      const headers: Record<string, string> = { Authorization: authorizationFor(target.endpoint) };
      for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
      // fetch sets the length itself.
      delete headers['Content-Length'];
      let response: Response;
      try {
        response = await fetch(details.endpoint, {
          method: 'POST',
          headers,
          body: details.body ? new Uint8Array(details.body) : null,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        return { outcome: 'failed', status: 0, detail: error instanceof Error ? error.message : String(error) };
      }
      const text = await response.text().catch(() => '');
      if (response.status >= 200 && response.status < 300) return { outcome: 'sent', status: response.status, detail: '' };
      // The subscription expired or was withdrawn: the push service will never take it again (RFC 8030 §7.3).
      if (response.status === 404 || response.status === 410) return { outcome: 'gone', status: response.status, detail: text.slice(0, 200) };
      return { outcome: 'failed', status: response.status, detail: `${response.status} ${text.slice(0, 200)}` };
    },
  };
}
