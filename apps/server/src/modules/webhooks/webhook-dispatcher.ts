import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_DELIVERY, webhookRetryDelaySeconds } from '@rally/domain';
import type { Db } from '../../db/client.js';
import type { BackgroundJobs } from '../../lib/background-jobs.js';
import type { SecretBox } from './webhook-secret.js';
import type { WebhookSender } from './webhook-sender.js';
import {
  claimDueMessages,
  countFailures,
  hasDueMessages,
  insertAttempts,
  markDelivered,
  markFailed,
  type ClaimedMessage,
} from './webhooks.repository.js';
import type { webhookAttempts } from '../../db/schema/index.js';

export const DISABLED_MAIL_JOB = 'webhook-disabled-mail';

export interface WebhookDispatcherDeps {
  db: Db;
  jobs: BackgroundJobs;
  log: FastifyBaseLogger;
  box: SecretBox;
  sender: WebhookSender;
  /** How often the outbox is looked at when nothing else wakes the dispatcher (new events, retries due). */
  sweepSeconds: number;
  /** Deliveries in flight at once in this process. */
  concurrency?: number;
  policy?: typeof WEBHOOK_DELIVERY;
}

/** The Standard Webhooks body: the event's type, when it happened, and its data. */
export function webhookBody(m: { event_type: string; payload: unknown; created_at: string | Date }): string {
  return JSON.stringify({ type: m.event_type, timestamp: new Date(m.created_at).toISOString(), data: m.payload });
}

/**
 * The signature header: `v1,<sig>` with the current secret, and with the previous one too while a rotation's grace
 * period runs — the standard's space-separated list, of which a receiver accepts any one that verifies.
 */
export function signatureHeader(
  signer: (sealed: string) => Webhook,
  m: Pick<ClaimedMessage, 'message_id' | 'secret_enc' | 'previous_secret_enc' | 'previous_secret_until'>,
  at: Date,
  body: string,
): string {
  const secrets = [m.secret_enc];
  if (m.previous_secret_enc && m.previous_secret_until && new Date(m.previous_secret_until) > at) secrets.push(m.previous_secret_enc);
  return secrets.map((s) => signer(s).sign(m.message_id, at, body)).join(' ');
}

/** A signer per sealed secret, opened once (not per delivery); a rotated-away secret's entry is dropped with the rest. */
function cachedSigners(box: SecretBox): (sealed: string) => Webhook {
  const signers = new Map<string, Webhook>();
  return (sealed) => {
    let signer = signers.get(sealed);
    if (!signer) {
      if (signers.size >= 1000) signers.clear();
      signer = new Webhook(box.open(sealed));
      signers.set(sealed, signer);
    }
    return signer;
  };
}

/**
 * Delivers the outbox after commit (decision 0029). A sweep of the job queue (`jobs.every`) wakes the dispatcher; it
 * claims due messages — the first open one of each endpoint and participant, so one participant's events arrive in
 * order — and posts them, up to `concurrency` at once, each under the sender's timeout. A finished delivery wakes it
 * again, so a backlog drains at the receivers' pace rather than one batch per sweep. Nothing here runs in a request:
 * a hanging endpoint holds one slot for at most the timeout and never a submit.
 */
export function createWebhookDispatcher(deps: WebhookDispatcherDeps) {
  const { db, log, box, sender } = deps;
  const policy = deps.policy ?? WEBHOOK_DELIVERY;
  const concurrency = deps.concurrency ?? 64;
  // A claimed message is someone else's after this long (the timeout plus room to record the answer).
  const leaseSeconds = Math.ceil(policy.timeoutMs / 1000) + 30;
  const signer = cachedSigners(box);
  const inFlight = new Set<Promise<void>>();
  let pumping: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  /** A finished attempt waiting to be written with the others of its batch. */
  interface Outcome {
    message: ClaimedMessage;
    ok: boolean;
    attempt: typeof webhookAttempts.$inferInsert;
  }
  let outcomes: Outcome[] = [];
  let flushing: Promise<void> | null = null;
  let flushTimer: NodeJS.Timeout | undefined;

  async function deliver(m: ClaimedMessage): Promise<void> {
    const body = webhookBody(m);
    const at = new Date();
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Rally-Webhooks/1',
      'webhook-id': m.message_id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signatureHeader(signer, m, at, body),
    };
    const answer = await sender.send({ url: m.url, headers, body });
    const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
    // The log shows what was sent, but not the signature's value (it would let anyone who reads the log replay it).
    const logged = { ...headers, 'webhook-signature': headers['webhook-signature'].replace(/,[^ ]+/g, ',…') };
    outcomes.push({
      message: m,
      ok,
      attempt: {
        brandId: m.brand_id,
        endpointId: m.endpoint_id,
        messageId: m.id,
        requestHeaders: logged,
        requestBody: body,
        responseStatus: answer.status,
        responseBody: answer.body,
        error: answer.error ?? (ok ? null : `answered ${answer.status}`),
        durationMs: answer.durationMs,
        replay: m.replay,
      },
    });
    scheduleFlush();
  }

  /** Finished attempts are written together (one transaction per batch, not per delivery), at most 20 ms later. */
  function scheduleFlush(): void {
    if (flushTimer || flushing) return;
    flushTimer = setTimeout(() => {
      flushTimer = undefined;
      flushing = flush()
        .catch((error: unknown) => log.error({ err: error }, 'webhook attempts failed to record'))
        .finally(() => {
          flushing = null;
          if (outcomes.length) scheduleFlush();
          // The next message of each participant just written may be due now.
          pump();
        });
    }, 20);
  }

  async function flush(): Promise<void> {
    const batch = outcomes;
    outcomes = [];
    if (batch.length === 0) return;
    const delivered = batch.filter((o) => o.ok).map((o) => o.message.id);
    // Retried with backoff until 3 days after the event, then given up ('failed'; a person may still replay it).
    const failed = batch
      .filter((o) => !o.ok)
      .map(({ message: m }) => {
        const next = Date.now() + webhookRetryDelaySeconds(m.attempts, policy) * 1000;
        return { id: m.id, next: next > new Date(m.created_at).getTime() + policy.retryForSeconds * 1000 ? null : next };
      });
    // Each endpoint's run of failures, in the order the attempts finished.
    const runs = new Map<number, { id: number; reset: boolean; failures: number }>();
    for (const o of batch) {
      const run = runs.get(o.message.endpoint_id) ?? { id: o.message.endpoint_id, reset: false, failures: 0 };
      if (o.ok) Object.assign(run, { reset: true, failures: 0 });
      else run.failures += 1;
      runs.set(run.id, run);
    }
    const disabled = await db.transaction(async (tx) => {
      await insertAttempts(tx, batch.map((o) => o.attempt));
      await markDelivered(tx, delivered);
      await markFailed(tx, failed);
      return countFailures(tx, [...runs.values()], policy.disableAfterFailures);
    });
    for (const endpointId of disabled) await deps.jobs.send(DISABLED_MAIL_JOB, { endpointId }, { singletonKey: `webhook-disabled:${endpointId}` });
  }

  async function pumpOnce(): Promise<void> {
    while (!stopped && inFlight.size < concurrency) {
      const claimed = await claimDueMessages(db, concurrency - inFlight.size, leaseSeconds);
      if (claimed.length === 0) return;
      for (const m of claimed) {
        const p = deliver(m)
          .catch((error: unknown) => log.error({ err: error, webhookMessage: m.id }, 'webhook delivery failed to record'))
          .finally(() => {
            inFlight.delete(p);
            // Claim again once a quarter of the slots are free, not per slot: one claim per message would make the claims
            // the bottleneck of a backlog. (The next message of this participant waits for the flush recording this one.)
            if (concurrency - inFlight.size >= Math.max(1, concurrency / 4)) pump();
          });
        inFlight.add(p);
      }
    }
  }

  /** Claims and starts what is due; a call while a claim runs makes it look again once done. */
  function pump(): void {
    if (stopped) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = pumpOnce()
      .catch((error: unknown) => log.error({ err: error }, 'webhook dispatch failed'))
      .finally(() => {
        pumping = null;
        if (again) {
          again = false;
          pump();
        }
      });
  }

  return {
    /** The sweep: wakes the dispatcher when something is due (one cheap indexed question otherwise). */
    async sweep(): Promise<void> {
      if (inFlight.size >= concurrency || pumping) return;
      if (await hasDueMessages(db)) pump();
    },
    /** Waits for deliveries under way (shutdown, tests). */
    async idle(): Promise<void> {
      while (pumping || inFlight.size > 0 || flushing || flushTimer) {
        await Promise.all([pumping, ...inFlight, flushing]);
        if (flushTimer && !flushing) await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async stop(): Promise<void> {
      stopped = true;
      await Promise.all([pumping, ...inFlight]);
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = undefined;
      await flushing;
      await flush().catch((error: unknown) => log.error({ err: error }, 'webhook attempts failed to record'));
      sender.close();
    },
  };
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;

export function registerWebhookDispatcher(deps: WebhookDispatcherDeps): WebhookDispatcher {
  const dispatcher = createWebhookDispatcher(deps);
  deps.jobs.every('webhook-dispatch', deps.sweepSeconds, () => dispatcher.sweep());
  return dispatcher;
}
