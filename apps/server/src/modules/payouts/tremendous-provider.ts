import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ERROR_CODES } from '@rally/domain';
import { appError, type AppError } from '../../lib/app-error.js';
import type { PayoutProvider, PayoutProviderEvent, SendPayoutOutcome } from './payout-provider.js';

export interface TremendousOptions {
  apiKey: string;
  /** The webhook's private key: callbacks are signed with HMAC-SHA256 of the raw body under it. */
  webhookSecret: string;
  /** The Tremendous campaign that lists the products a recipient may redeem to (PayPal, bank transfer…). */
  campaignId: string;
  /** "balance" pays from the Tremendous account balance. */
  fundingSourceId: string;
  /** https://testflight.tremendous.com/api/v2 (sandbox) or https://www.tremendous.com/api/v2; a local server in tests. */
  apiUrl: string;
  fetch?: typeof fetch;
}

export const TREMENDOUS_SIGNATURE_HEADER = 'tremendous-webhook-signature';

const TIMEOUT_MS = 15_000;

const ZReward = z.object({ id: z.string().min(1).max(255), delivery: z.object({ status: z.string().max(64) }).partial().nullish() });
const ZOrderAnswer = z.object({
  order: z.object({ id: z.string().min(1).max(255), status: z.string().max(64), rewards: z.array(ZReward).min(1) }),
});
const ZErrorAnswer = z.object({ errors: z.object({ message: z.string().max(1_000) }).partial() }).partial();

const ZEvent = z.object({
  event: z.string().min(1).max(255),
  uuid: z.string().min(1).max(255),
  payload: z.object({ resource: z.object({ id: z.string().min(1).max(255), type: z.string().max(64) }) }).partial().nullish(),
});

function unavailable(cause: unknown): AppError {
  const error = appError(ERROR_CODES.paymentProviderUnavailable, 'The payout service cannot be reached right now; your payout is kept and sent again shortly.', [], {
    'retry-after': '60',
  });
  error.cause = cause;
  return error;
}

/**
 * Tremendous (https://developers.tremendous.com): a payout is one order with one reward, delivered to the
 * recipient by email, who redeems it to the product the campaign offers (PayPal, bank transfer). Our payout id is
 * the order's external_id, which Tremendous makes idempotent: the same external_id answers the first order and
 * never creates a second. Delivery results come back as callbacks signed with HMAC-SHA256 over the raw body
 * (Tremendous-Webhook-Signature: sha256=<hex>).
 */
export function createTremendousProvider(options: TremendousOptions): PayoutProvider {
  const doFetch = options.fetch ?? fetch;
  const base = options.apiUrl.replace(/\/+$/, '');
  return {
    name: 'tremendous',
    testMode: !/\/\/(www\.)?tremendous\.com/.test(base),
    signatureHeader: TREMENDOUS_SIGNATURE_HEADER,
    async sendPayout(input): Promise<SendPayoutOutcome> {
      const email = input.method === 'paypal' ? input.address : input.recipientEmail;
      if (!email) return { status: 'failed', providerRef: null, message: 'The payout needs an email address to be delivered to.' };
      const body = {
        external_id: input.payoutId,
        payment: { funding_source_id: options.fundingSourceId },
        reward: {
          campaign_id: options.campaignId,
          value: { denomination: input.amountCents / 100, currency_code: input.currency },
          recipient: { name: input.recipientName, email },
          delivery: { method: 'EMAIL' },
        },
      };
      let res: Response;
      try {
        res = await doFetch(`${base}/orders`, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw unavailable(error);
      }
      const text = await res.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
      // Our mistake or the recipient's (a refused address, too large an amount): the money goes back to the balance.
      if (res.status >= 400 && res.status < 500 && res.status !== 401 && res.status !== 403 && res.status !== 429) {
        const message = ZErrorAnswer.safeParse(json).data?.errors?.message ?? `Tremendous refused the payout (${res.status}).`;
        return { status: 'failed', providerRef: null, message };
      }
      // Down, rate-limited or refusing our key: kept pending and sent again (the external_id keeps it one order).
      if (!res.ok) throw unavailable(new Error(`Tremendous answered ${res.status}: ${text.slice(0, 200)}`));
      const parsed = ZOrderAnswer.safeParse(json);
      if (!parsed.success) throw unavailable(new Error(`Tremendous answered an order we cannot read: ${parsed.error.message}`));
      const { order } = parsed.data;
      const reward = order.rewards[0]!;
      const delivery = reward.delivery?.status?.toUpperCase();
      if (order.status === 'FAILED' || order.status === 'CANCELED' || delivery === 'FAILED') {
        return { status: 'failed', providerRef: reward.id, message: 'Tremendous could not deliver the payout.' };
      }
      if (order.status === 'EXECUTED' && delivery === 'SUCCEEDED') return { status: 'paid', providerRef: reward.id };
      return { status: 'pending', providerRef: reward.id };
    },
    verifyCallback(rawBody, headers): PayoutProviderEvent {
      const header = headers[TREMENDOUS_SIGNATURE_HEADER];
      const signature = Array.isArray(header) ? header[0] : header;
      if (!signature) throw new Error(`missing ${TREMENDOUS_SIGNATURE_HEADER} header`);
      const given = signature.startsWith('sha256=') ? signature.slice(7) : signature;
      const expected = createHmac('sha256', options.webhookSecret).update(rawBody).digest('hex');
      const a = Buffer.from(given, 'utf8');
      const b = Buffer.from(expected, 'utf8');
      if (a.length !== b.length || !timingSafeEqual(a, b)) throw new Error('the signature does not match the body');
      let raw: unknown;
      try {
        raw = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw appError(ERROR_CODES.validation, 'The callback body is not a Tremendous event', [{ path: 'body', message: 'expected JSON' }]);
      }
      const parsed = ZEvent.safeParse(raw);
      if (!parsed.success) {
        throw appError(
          ERROR_CODES.validation,
          'The callback body is not a Tremendous event',
          parsed.error.issues.map((i) => ({ path: ['body', ...i.path.map(String)].join('.'), message: i.message })),
        );
      }
      const event = parsed.data;
      const resource = event.payload?.resource;
      if (resource?.id && event.event === 'REWARDS.DELIVERY.SUCCEEDED') return { id: event.uuid, type: 'payout.paid', providerRef: resource.id, payoutId: null };
      if (resource?.id && (event.event === 'REWARDS.DELIVERY.FAILED' || event.event === 'REWARDS.CANCELED')) {
        return { id: event.uuid, type: 'payout.failed', providerRef: resource.id, payoutId: null, message: 'Tremendous could not deliver the payout.' };
      }
      return { id: event.uuid, type: 'other', rawType: event.event };
    },
  };
}
