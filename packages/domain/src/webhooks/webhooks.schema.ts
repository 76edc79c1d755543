import { z } from 'zod';
import { ZEpochSeconds } from '../shared/api-schemas.js';
import { zText } from '../shared/limits.js';

/**
 * The events a brand's webhook endpoint may subscribe to (issue 31, decision 0029): a closed list, the same words in
 * the outbox (webhook_enqueue's event type), the signed body's `type` and the dashboard's checkboxes.
 */
export const WEBHOOK_EVENT_TYPES = [
  'campaign.launched',
  'campaign.ended',
  'completion.created',
  'completion.accepted',
  'completion.rejected',
  'reward.unlocked',
  'code.issued',
  'budget.low',
  'codes.low',
  'invoice.closed',
] as const;
export type TWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const ZWebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);

export const WEBHOOK_LIMITS = { url: 2000, description: 200, perBrand: 20 } as const;

/**
 * Delivery policy: a message is retried with exponential backoff (30 s doubling, at most 6 h apart) for 3 days after
 * it was written, then given up; an endpoint is disabled after this many failed attempts in a row with none
 * delivered between (a mail goes to the brand's owners); the previous secret still signs for 24 h after a rotation.
 */
export const WEBHOOK_DELIVERY = {
  timeoutMs: 10_000,
  firstRetrySeconds: 30,
  maxRetrySeconds: 6 * 3600,
  retryForSeconds: 3 * 24 * 3600,
  disableAfterFailures: 15,
  rotationGraceSeconds: 24 * 3600,
  /** What the delivery log keeps of a response body. */
  responseBodyChars: 2000,
} as const;

/** Seconds until the next try after `attempts` failed ones (1 → 30 s, 2 → 60 s, …, capped at 6 h). */
export function webhookRetryDelaySeconds(attempts: number, policy: { firstRetrySeconds: number; maxRetrySeconds: number } = WEBHOOK_DELIVERY): number {
  const n = Math.max(1, attempts);
  return Math.min(policy.maxRetrySeconds, policy.firstRetrySeconds * 2 ** Math.min(n - 1, 30));
}

/** The IPv4 address as 4 octets, or null when the text is not a dotted quad. */
function ipv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const octets = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return octets.every((o) => o >= 0 && o <= 255) ? octets : null;
}

/** The IPv6 address as 8 16-bit groups (an embedded dotted quad expanded), or null when it is not one. */
function ipv6(text: string): number[] | null {
  let s = text.toLowerCase();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!s.includes(':')) return null;
  let tail: number[] = [];
  const lastColon = s.lastIndexOf(':');
  const last = s.slice(lastColon + 1);
  if (last.includes('.')) {
    const v4 = ipv4(last);
    if (!v4) return null;
    tail = [(v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!];
    // Keep a '::' just before the quad ('::ffff:1.2.3.4' → '::ffff', '::1.2.3.4' → '::').
    s = s.slice(0, lastColon + 1).endsWith('::') ? s.slice(0, lastColon + 1) : s.slice(0, lastColon);
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const group = (g: string) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN);
  const head = halves[0] ? halves[0].split(':').map(group) : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':').map(group) : [];
  const known = head.length + rest.length + tail.length;
  if ([...head, ...rest].some((g) => Number.isNaN(g))) return null;
  if (halves.length === 1) return known === 8 ? [...head, ...tail] : null;
  if (known > 7) return null;
  return [...head, ...new Array<number>(8 - known).fill(0), ...rest, ...tail];
}

function privateV4([a, b]: number[]): boolean {
  return (
    a === 0 || // "this" network
    a === 10 ||
    (a === 100 && b! >= 64 && b! <= 127) || // carrier-grade NAT
    a === 127 ||
    (a === 169 && b === 254) || // link-local (cloud metadata lives here)
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) || // IETF protocol assignments, documentation
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a! >= 224 // multicast, reserved, broadcast
  );
}

function privateV6(g: number[]): boolean {
  const v4 = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255];
  if (g.slice(0, 6).every((x) => x === 0)) return true; // ::, ::1 and the old IPv4-compatible ::a.b.c.d
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return privateV4(v4(g[6]!, g[7]!)); // IPv4-mapped
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return privateV4(v4(g[6]!, g[7]!)); // NAT64
  if (g[0] === 0x2002) return privateV4(v4(g[1]!, g[2]!)); // 6to4 carries an IPv4 address
  if ((g[0]! & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((g[0]! & 0xffc0) === 0xfe80 || (g[0]! & 0xffc0) === 0xfec0) return true; // link-local, old site-local
  if ((g[0]! & 0xff00) === 0xff00) return true; // multicast
  if (g[0] === 0x2001 && g[1] === 0x0db8) return true; // documentation
  if (g[0] === 0x0100 && g.slice(1, 4).every((x) => x === 0)) return true; // discard prefix
  return false;
}

/** What kind of address the text is: 'v4', 'v6', or null for a name. */
export function ipVersion(text: string): 'v4' | 'v6' | null {
  if (ipv4(text)) return 'v4';
  if (ipv6(text)) return 'v6';
  return null;
}

/**
 * True for an address a webhook must not reach: private, loopback, link-local, unique-local, multicast, reserved —
 * IPv4 and IPv6, including IPv4 addresses inside IPv6 (mapped, NAT64, 6to4). The server checks every address a name
 * resolves to with this, and connects to the address it checked (decision 0029).
 */
export function isNonPublicAddress(ip: string): boolean {
  const v4 = ipv4(ip);
  if (v4) return privateV4(v4);
  const v6 = ipv6(ip);
  if (v6) return privateV6(v6);
  return true; // not an address at all: refuse rather than guess
}

/**
 * Why a webhook URL is refused, or null: https only, no credentials, and — unless private URLs are allowed (development,
 * tests) — no literal non-public address or local name. A public-looking name is checked again at delivery, after DNS.
 */
export function webhookUrlProblem(text: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'a full URL starting with https://';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return 'must start with https://';
  if (url.username || url.password) return 'must not carry a user name or password';
  if (allowPrivate) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const literal = host.startsWith('[') ? host.slice(1, -1) : host;
  if (ipVersion(literal)) return isNonPublicAddress(literal) ? 'must be a public address (not private, loopback or link-local)' : null;
  if (!host.includes('.') || host === 'localhost' || /\.(localhost|local|internal|lan|home\.arpa)$/.test(host))
    return 'must be a public host name';
  return null;
}

export const ZWebhookEvents = z
  .array(ZWebhookEventType)
  .min(1, { message: 'choose at least one event' })
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((s) => new Set(s).size === s.length, { message: 'each event once' });

/** The URL's shape; whether private addresses are allowed is the server's setting, checked by the use case. */
export const ZWebhookUrl = zText(WEBHOOK_LIMITS.url)
  .trim()
  .refine((u) => webhookUrlProblem(u, true) === null, { message: 'a full URL starting with https://' });

export const ZCreateWebhookEndpointBody = z
  .object({
    url: ZWebhookUrl,
    description: zText(WEBHOOK_LIMITS.description).trim().default(''),
    events: ZWebhookEvents,
  })
  .strict();
export type TCreateWebhookEndpointBody = z.infer<typeof ZCreateWebhookEndpointBody>;
export type TCreateWebhookEndpointInput = z.input<typeof ZCreateWebhookEndpointBody>;

/** A change: any of the fields (none: nothing changes); `enabled` turns an endpoint off or back on (on again clears its failure count). */
export const ZUpdateWebhookEndpointBody = z
  .object({
    url: ZWebhookUrl.optional(),
    description: zText(WEBHOOK_LIMITS.description).trim().optional(),
    events: ZWebhookEvents.optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
export type TUpdateWebhookEndpointBody = z.infer<typeof ZUpdateWebhookEndpointBody>;

export const ZWebhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(ZWebhookEventType),
  enabled: z.boolean(),
  /** Why it is off: 'manual' (a person) or 'failures' (after repeated failed deliveries). */
  disabledReason: z.enum(['manual', 'failures']).nullable(),
  consecutiveFailures: z.number().int(),
  /** Until when the previous secret still signs alongside the new one (after a rotation). */
  previousSecretUntil: ZEpochSeconds.nullable(),
  createdAt: ZEpochSeconds,
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZWebhookEndpointList = z.object({ items: z.array(ZWebhookEndpoint), events: z.array(ZWebhookEventType) });
export type TWebhookEndpointList = z.infer<typeof ZWebhookEndpointList>;

/** Created or rotated: the endpoint and, this once, its signing secret (`whsec_…`). */
export const ZWebhookEndpointWithSecret = z.object({ endpoint: ZWebhookEndpoint, secret: z.string() });
export type TWebhookEndpointWithSecret = z.infer<typeof ZWebhookEndpointWithSecret>;

export const ZWebhookEndpointParams = z.object({
  endpointId: z.coerce.number({ message: 'an endpoint id' }).int({ message: 'an endpoint id' }).positive({ message: 'an endpoint id' }).max(2 ** 53 - 1),
});
export const ZWebhookMessageParams = ZWebhookEndpointParams.extend({
  messageId: z.coerce.number({ message: 'a message id' }).int({ message: 'a message id' }).positive({ message: 'a message id' }).max(2 ** 53 - 1),
});

export const WEBHOOK_MESSAGE_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;

/** One delivery attempt as the log shows it. */
export const ZWebhookAttempt = z.object({
  id: z.number().int(),
  at: ZEpochSeconds,
  requestHeaders: z.record(z.string(), z.string()),
  requestBody: z.string(),
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  replay: z.boolean(),
});
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;

/** A message to one endpoint with its attempts, newest first. */
export const ZWebhookMessage = z.object({
  id: z.number().int(),
  messageId: z.string(),
  eventType: ZWebhookEventType,
  status: z.enum(WEBHOOK_MESSAGE_STATUSES),
  attempts: z.number().int(),
  createdAt: ZEpochSeconds,
  nextAttemptAt: ZEpochSeconds.nullable(),
  deliveredAt: ZEpochSeconds.nullable(),
  log: z.array(ZWebhookAttempt),
});
export type TWebhookMessage = z.infer<typeof ZWebhookMessage>;

export const ZWebhookMessageList = z.object({ items: z.array(ZWebhookMessage) });
export type TWebhookMessageList = z.infer<typeof ZWebhookMessageList>;
