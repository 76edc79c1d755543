import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { ipVersion, isNonPublicAddress, webhookUrlProblem } from '@rally/domain';

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookResponse {
  /** Null when no answer came (refused address, connection error, timeout). */
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
}

export interface WebhookSenderOptions {
  /** WEBHOOK_ALLOW_PRIVATE_URLS: development and tests reach 127.0.0.1. */
  allowPrivate: boolean;
  timeoutMs: number;
  /** What is kept of a response body. */
  responseBodyChars: number;
  /** Connections open at once per receiver host (kept alive between deliveries). */
  maxSockets?: number;
}

export class RefusedAddressError extends Error {}

/**
 * Resolves a host name and refuses it when any of its addresses is not public, then hands the connection the address
 * it checked — never a second lookup, which a DNS rebinding answer could point elsewhere. (A name that resolves to both
 * a public and a private address is refused whole: the check must not depend on which one a connection would pick.)
 */
export function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0) return callback(new Error(`${hostname} has no address`), '', 0);
      const refused = allowPrivate ? undefined : addresses.find((a) => isNonPublicAddress(a.address));
      if (refused) return callback(new RefusedAddressError(`${hostname} resolves to ${refused.address}, which is not a public address`), '', 0);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * Posts signed webhook bodies (decision 0029): https (plain http only where private URLs are allowed), no redirects
 * followed, a hard timeout over the whole exchange, the address checked after DNS, connections kept alive per host so a
 * busy endpoint is not a TLS handshake per event. Never throws: a failure is an answer with `error`.
 */
export function createWebhookSender(options: WebhookSenderOptions) {
  const lookup = checkedLookup(options.allowPrivate);
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 32, lookup };
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };

  async function send(request: WebhookRequest): Promise<WebhookResponse> {
    const started = performance.now();
    const done = (r: Omit<WebhookResponse, 'durationMs'>): WebhookResponse => ({ ...r, durationMs: Math.round(performance.now() - started) });
    const problem = webhookUrlProblem(request.url, options.allowPrivate);
    if (problem) return done({ status: null, body: null, error: `refused: the URL ${problem}` });
    const url = new URL(request.url);
    const literal = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    // A literal address skips the lookup, so it is checked here (webhookUrlProblem did already; kept for the reason).
    if (ipVersion(literal) && !options.allowPrivate && isNonPublicAddress(literal))
      return done({ status: null, body: null, error: `refused: ${literal} is not a public address` });
    const client = url.protocol === 'https:' ? https : http;
    const deadline = Date.now() + options.timeoutMs;
    // A kept-alive connection the receiver closed just as it was reused fails before any answer ("socket hang up"):
    // nothing was received, so the request goes once more on a new connection, within the same deadline.
    let answer = await attempt(client, url, request, deadline);
    if (answer.retryOnNewSocket && Date.now() < deadline) answer = await attempt(client, url, request, deadline);
    return done({ status: answer.status, body: answer.body, error: answer.error });
  }

  function attempt(
    client: typeof http | typeof https,
    url: URL,
    request: WebhookRequest,
    deadline: number,
  ): Promise<Omit<WebhookResponse, 'durationMs'> & { retryOnNewSocket: boolean }> {
    return new Promise((resolve) => {
      let settled = false;
      let answered = false;
      const finish = (r: Omit<WebhookResponse, 'durationMs'>, retryOnNewSocket = false) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...r, retryOnNewSocket });
      };
      const req = client.request(
        url,
        {
          method: 'POST',
          agent: agents[url.protocol as 'http:' | 'https:'],
          headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        },
        (res) => {
          answered = true;
          const chunks: Buffer[] = [];
          let size = 0;
          const limit = options.responseBodyChars * 4;
          res.on('data', (chunk: Buffer) => {
            if (size < limit) chunks.push(chunk);
            size += chunk.length;
          });
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8').slice(0, options.responseBodyChars);
            finish({ status: res.statusCode ?? null, body: text, error: null });
          });
          res.on('error', (error) => finish({ status: res.statusCode ?? null, body: null, error: error.message }));
        },
      );
      // The whole exchange, not only the idle time: an endpoint trickling bytes is cut off too.
      const timer = setTimeout(() => {
        req.destroy(new Error(`no answer within ${options.timeoutMs} ms`));
      }, Math.max(0, deadline - Date.now()));
      req.on('error', (error) =>
        finish(
          { status: null, body: null, error: error instanceof RefusedAddressError ? `refused: ${error.message}` : error.message },
          req.reusedSocket && !answered && (error as NodeJS.ErrnoException).code === 'ECONNRESET',
        ),
      );
      req.end(request.body);
    });
  }

  return {
    send,
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
