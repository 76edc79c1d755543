import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ZCampaign, ZCampaignList, ZFormData } from '@rally/domain';
import { brands, campaignAudit, campaigns, rewards, walletLedger } from '../../db/schema/index.js';
import { factories } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture.js';
import { createMailer } from '../../lib/mailer.js';
import { payDueBudgetFromWallet } from '../launch/index.js';
import { runCampaignJob } from './campaign-transitions.js';
import { createInProcessScheduler } from './in-process-scheduler.js';
import { createStartBlockedMailer } from './start-blocked-mailer.js';

const silent = { info() {}, error() {}, warn() {}, debug() {} } as unknown as FastifyBaseLogger;

let t: TestApp;
let f: ReturnType<typeof factories>;
let owner: string;
let brand: string;
let sink: SmtpCapture;

beforeAll(async () => {
  sink = await startSmtpCapture();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  f = factories(t.database.db);
  owner = await t.signIn('owner@brand.test');
  brand = t.brandIds.owner;
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const rowOf = async (id: number) => (await t.database.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;
const balance = async () =>
  (await t.database.db.select().from(brands).where(eq(brands.id, brand)))[0]!.walletBalanceCents;
const auditOf = async (id: number) =>
  (await t.database.db.select().from(campaignAudit).where(eq(campaignAudit.campaignId, id))).filter((a) =>
    a.action.startsWith('scheduler.'),
  );
const notify = () =>
  createStartBlockedMailer({
    mailer: createMailer({ smtpUrl: sink.url, from: 'rally@test.example', log: silent }),
    log: silent,
  });

/** A scheduled campaign whose start has passed, with one money reward of this prepaid budget, nothing paid. */
async function dueWithBudget(budgetCents: number) {
  const c = await f.campaign(brand, {
    name: `Budget ${budgetCents}`,
    status: 'scheduled',
    startDate: new Date(Date.now() - 60_000),
    endDate: new Date(Date.now() + 86_400_000),
    finishCriteria: ['days_over'],
    completionProgress: 100,
  });
  const r = await f.reward(brand, c.id, {
    type: 'money',
    title: 'Cash',
    amountCents: 500,
    budgetCents,
    budgetPaidCents: 0,
  });
  return { c, r };
}

describe('a scheduled start with a prepaid money budget', () => {
  it('pays the due budget from the wallet and activates, in one transaction (ledger row, paid amount, audit)', async () => {
    await t.database.db.insert(walletLedger).values({ brandId: brand, kind: 'topup', amountCents: 5_000 });
    const before = await balance();
    const { c, r } = await dueWithBudget(2_500);
    const scheduler = createInProcessScheduler({
      database: t.database,
      log: silent,
      work: true,
      onStartBlocked: notify(),
      payDueBudget: payDueBudgetFromWallet,
      writes: t.app.caches,
    });
    await scheduler.start();
    try {
      await expect.poll(async () => (await rowOf(c.id)).status, { timeout: 10_000, interval: 100 }).toBe('active');
    } finally {
      await scheduler.stop();
    }
    expect(await balance()).toBe(before - 2_500);
    const debits = await t.database.db
      .select()
      .from(walletLedger)
      .where(and(eq(walletLedger.campaignId, c.id), eq(walletLedger.kind, 'budget_debit')));
    expect(debits.map((d) => d.amountCents)).toEqual([-2_500]);
    expect((await t.database.db.select().from(rewards).where(eq(rewards.id, r.id)))[0]!.budgetPaidCents).toBe(2_500);
    const audit = await auditOf(c.id);
    expect(audit.map((a) => a.action)).toEqual(['scheduler.activate']);
    expect(audit[0]!.changes).toContainEqual({ field: `rewards.${r.id}.budgetPaid`, old: 0, new: 2_500 });
    expect((await rowOf(c.id)).startBlocked).toBeNull();
  });

  it('stays scheduled when the wallet cannot cover it: blocked state in list and builder, audit row, owner mailed once', async () => {
    const before = await balance();
    const due = before + 1_000_000;
    const { c } = await dueWithBudget(due);
    const hooks = { onStartBlocked: notify(), payDueBudget: payDueBudgetFromWallet };
    const first = await runCampaignJob(t.database.db, { kind: 'activate', campaignId: c.id }, hooks);
    expect(first.changed).toBe(false);
    expect(first.follow).toBeUndefined();
    const row = await rowOf(c.id);
    expect(row).toMatchObject({ status: 'scheduled', startBlocked: 'budget_unpaid' });
    expect(await balance()).toBe(before);
    expect(await t.database.db.select().from(walletLedger).where(eq(walletLedger.campaignId, c.id))).toEqual([]);

    const audit = await auditOf(c.id);
    expect(audit.map((a) => a.action)).toEqual(['scheduler.start-blocked']);
    expect(audit[0]!.changes).toEqual([
      { field: 'startBlocked', old: null, new: 'budget_unpaid' },
      { field: 'budgetDue', old: null, new: due },
    ]);
    await expect
      .poll(() => sink.messages.filter((m) => m.text.includes(`Budget ${due}`)).length, { timeout: 5_000 })
      .toBe(1);
    const mail = sink.messages.find((m) => m.text.includes(`Budget ${due}`))!;
    expect(mail.to).toContain('owner@brand.test');
    // Quoted-printable body: soft line breaks removed before reading it.
    expect(mail.text.replace(/=\r\n/g, '')).toContain('prepaid money budget is unpaid');

    const list = ZCampaignList.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/campaign/bundle?status=scheduled&perPage=100',
          headers: { cookie: owner },
        })
      ).json(),
    );
    expect(list.items.find((i) => i.id === c.id)?.startBlocked).toBe('budget_unpaid');
    const form = ZFormData.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/v3/bundle/${c.id}/form-data`, headers: { cookie: owner } })
      ).json(),
    );
    expect(form.campaign.startBlocked).toBe('budget_unpaid');
    const activity = await t.app.inject({
      method: 'GET',
      url: `/api/v3/bundle/${c.id}/activity`,
      headers: { cookie: owner },
    });
    expect(activity.body).toContain('scheduler.start-blocked');

    // The job runs again (a restart rebuilds it): nothing new is recorded or mailed.
    await runCampaignJob(t.database.db, { kind: 'activate', campaignId: c.id }, hooks);
    expect((await auditOf(c.id)).map((a) => a.action)).toEqual(['scheduler.start-blocked']);
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.messages.filter((m) => m.text.includes(`Budget ${due}`))).toHaveLength(1);
  });

  it('starts at once when the blocked budget is paid, and queues its end', async () => {
    const due = (await balance()) + 500_000;
    const { c } = await dueWithBudget(due);
    await runCampaignJob(t.database.db, { kind: 'activate', campaignId: c.id }, { onStartBlocked: notify(), payDueBudget: payDueBudgetFromWallet });
    expect((await rowOf(c.id)).startBlocked).toBe('budget_unpaid');
    await t.database.db.insert(walletLedger).values({ brandId: brand, kind: 'topup', amountCents: due });
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/v3/bundle/add-budget',
      headers: { cookie: owner },
      payload: { bundleId: c.id, amount: due },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const row = await rowOf(c.id);
    expect(row).toMatchObject({ status: 'active', startBlocked: null });
    expect(
      ZCampaign.parse(
        (
          await t.app.inject({ method: 'GET', url: `/api/v3/bundle/${c.id}/form-data`, headers: { cookie: owner } })
        ).json().campaign,
      ).startBlocked,
    ).toBeNull();
    expect(await t.app.scheduler.pendingJobs(c.id)).toEqual([
      { kind: 'end', campaignId: c.id, at: row.endDate!.getTime() },
    ]);
    expect((await auditOf(c.id)).map((a) => a.action)).toEqual(['scheduler.start-blocked', 'scheduler.activate']);
  });

  it('a payment for a campaign whose start is still ahead does not start it', async () => {
    const c = await f.campaign(brand, {
      status: 'scheduled',
      startDate: new Date(Date.now() + 3_600_000),
      completionProgress: 100,
    });
    await f.reward(brand, c.id, { type: 'money', amountCents: 100, budgetCents: 100, budgetPaidCents: 0 });
    await t.database.db.insert(walletLedger).values({ brandId: brand, kind: 'topup', amountCents: 100 });
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/v3/bundle/add-budget',
      headers: { cookie: owner },
      payload: { bundleId: c.id, amount: 100 },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await rowOf(c.id)).status).toBe('scheduled');
  });
});
