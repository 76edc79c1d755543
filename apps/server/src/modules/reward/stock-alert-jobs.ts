import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { BackgroundJobs } from '../../lib/background-jobs.js';
import { renderEmail } from '../../lib/email-template.js';
import type { Mailer } from '../../lib/mailer.js';
import { brandAdminAddresses, claimStockAlerts, hasUnmailedStockAlerts, markStockAlertMailed, type ClaimedStockAlert } from './stock-alerts.repository.js';

export const STOCK_ALERT_MAIL_JOB = 'stock-alert-mail';

export interface StockAlertJobDeps {
  db: Db;
  jobs: BackgroundJobs;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** How often the outbox is read for crossings to mail. */
  sweepSeconds: number;
}

/** A sender holds the crossings it took this long; after that another may mail them (it died mid-send). */
const LEASE_SECONDS = 300;
const BATCH = 50;

const money = (cents: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);

/** The mail of one crossing, to the brand's owners and admins. */
export async function stockAlertMail(a: ClaimedStockAlert, publicUrl: string) {
  const reward = a.reward_title || `reward #${a.reward_id}`;
  const subject =
    a.kind === 'codes'
      ? `Codes running low: ${reward} in "${a.campaign_name}"`
      : `Budget running low: ${reward} in "${a.campaign_name}"`;
  const left =
    a.kind === 'codes'
      ? `${a.remaining} ${a.remaining === 1 ? 'code is' : 'codes are'} left in the pool of "${reward}" — under the ${a.threshold} you set.`
      : `${money(a.remaining, a.currency)} is left of the budget of "${reward}" — under the ${money(a.threshold, a.currency)} you set.`;
  const todo =
    a.kind === 'codes'
      ? 'Upload or generate more codes in the reward editor before the pool runs out: a participant who unlocks the reward then gets no code.'
      : 'Add budget to the campaign before it runs out: a participant who unlocks the reward then gets nothing.';
  const body = await renderEmail({
    lang: 'en',
    title: subject,
    preheader: left,
    paragraphs: [`Campaign "${a.campaign_name}" (#${a.campaign_id}): ${left}`, todo],
    action: { label: 'Open the campaign', url: `${publicUrl}/campaign/${a.campaign_id}` },
    footer: 'You get this mail as an owner or admin of the brand. It is sent once each time the pool or budget falls under the threshold.',
  });
  return { subject, ...body };
}

/**
 * Low-stock mail (decision 0031), after commit: the crossings the engine wrote in its transactions
 * (reward_stock_alerts) are read by a sweep, which queues one sender; the sender takes crossings under a lease, mails
 * each to the brand's owners and admins, and marks it mailed. The webhook of the crossing left with it from SQL.
 */
export function registerStockAlertJobs(deps: StockAlertJobDeps): void {
  const { jobs, db } = deps;
  jobs.register(STOCK_ALERT_MAIL_JOB, async () => {
    await mailStockAlerts(deps);
  });
  jobs.every('stock-alert-outbox', deps.sweepSeconds, async () => {
    if (await hasUnmailedStockAlerts(db)) await jobs.send(STOCK_ALERT_MAIL_JOB, {}, { singletonKey: STOCK_ALERT_MAIL_JOB });
  });
}

/** Mails every crossing not mailed yet; answers how many were mailed. */
export async function mailStockAlerts(deps: Pick<StockAlertJobDeps, 'db' | 'mailer' | 'log' | 'publicUrl'>): Promise<number> {
  let mailed = 0;
  for (;;) {
    const batch = await claimStockAlerts(deps.db, BATCH, LEASE_SECONDS);
    if (batch.length === 0) return mailed;
    for (const alert of batch) {
      const to = await brandAdminAddresses(deps.db, alert.brand_id);
      // A failure throws: the job is retried and the lease lets the crossing be taken again.
      if (to.length > 0) await deps.mailer.send({ to, ...(await stockAlertMail(alert, deps.publicUrl)) });
      else deps.log.info({ alert: alert.id }, 'low-stock alert with no owner or admin to mail');
      await markStockAlertMailed(deps.db, alert.id);
      mailed += 1;
    }
  }
}
