import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  PARTNER_MESSAGES,
  ZActivity,
  ZBrandCard,
  ZBundlePartnerList,
  ZErrorBody,
  ZFormData,
  ZInvitationPage,
  ZPartnerBrandPage,
  ZPartnerView,
  ZSendInviteResult,
} from '@rally/domain';
import { brands, campaignPartners, campaigns, rewardPartners, rewards, users, walletLedger } from '../../db/schema/index.js';
import { factories } from '../../testing/factories.js';
import { startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let smtp: SmtpCapture;
let f: ReturnType<typeof factories>;
let retailer: string;
let peak: string;
let bright: string;
let summit: string;
let ids: TestApp['brandIds'];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  f = factories(t.database.db);
  ids = t.brandIds;
  // Peak Snacks' owner reads French: its invite comes in French.
  await t.database.db.update(users).set({ locale: 'fr' }).where(eq(users.email, 'partner@partner.test'));
  [retailer, peak, bright, summit] = await Promise.all([
    t.signIn('retailer@retail.test'),
    t.signIn('partner@partner.test'),
    t.signIn('owner@brand.test'),
    t.signIn('summit@partner.test'),
  ]);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const errorOf = (body: string) => ZErrorBody.parse(JSON.parse(body)).error;
const db = () => t.database.db;
const credit = (brandId: string, cents: number) => db().insert(walletLedger).values({ brandId, kind: 'adjustment', amountCents: cents, note: 'test credit' });
const ledgerOf = (brandId: string, campaignId: number) =>
  db().select().from(walletLedger).where(and(eq(walletLedger.brandId, brandId), eq(walletLedger.campaignId, campaignId)));
const inviteOf = async (campaignId: number, brandId: string) =>
  (await db().select().from(campaignPartners).where(and(eq(campaignPartners.campaignId, campaignId), eq(campaignPartners.partnerBrandId, brandId))))[0];

/** A complete shared contest of Metro Mart: a mission, its own money reward (paid), and a discount and a money reward for partners. */
async function sharedContest(name = 'Snack race') {
  const c = await f.campaign(ids.retailer, { name, type: 'contest', sharedCampaign: true });
  const m = await f.mission(ids.retailer, { type: 'contest' });
  await f.campaignMission(ids.retailer, c.id, m.id);
  const own = await f.reward(ids.retailer, c.id, { type: 'money', title: 'Own cash', amountCents: 500, budgetCents: 10_000, budgetPaidCents: 10_000 });
  const discount = await f.reward(ids.retailer, c.id, { type: 'discount', title: 'Partner discount', description: 'to fill', endDate: new Date(Date.now() + 30 * 86_400_000) });
  const cash = await f.reward(ids.retailer, c.id, { type: 'money', title: 'Partner cash', amountCents: 200, budgetCents: 0 });
  return { c, own, discount, cash };
}

const create = (body: Record<string, unknown>, cookie = retailer) => call('POST', '/api/v5/bundle-partner/create', cookie, body);

/** Invites Peak (discount + $50 of the cash) and Brightside ($30 of the cash), and sends the invites. */
async function invited(name = 'Snack race') {
  const s = await sharedContest(name);
  const res = await create({
    bundleId: s.c.id,
    partnersId: [ids.partner, ids.owner],
    sendInvite: true,
    rewards: [
      { rewardId: s.discount.id, suppliedBy: 'partners', partners: [{ brandId: ids.partner, budget: 0 }] },
      { rewardId: s.cash.id, suppliedBy: 'partners', partners: [{ brandId: ids.partner, budget: 5_000 }, { brandId: ids.owner, budget: 3_000 }] },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return s;
}

const fill = (campaignId: number, reward: { id: number; type: string }, cookie = peak, over: Record<string, unknown> = {}) =>
  call('POST', '/api/reward/write/save-reward', cookie, { id: reward.id, bundleId: campaignId, type: reward.type, title: 'Peak 20% off', description: 'On every Peak snack', ...over });
const accept = (campaignId: number, cookie = peak) => call('POST', '/api/v5/bundle-partner/accept-invite', cookie, { bundleId: campaignId });
const reject = (campaignId: number, cookie = bright) => call('POST', '/api/v5/bundle-partner/reject-invite', cookie, { bundleId: campaignId });
const launch = (campaignId: number) =>
  call('PUT', `/api/campaign/${campaignId}/status`, retailer, { bundleId: campaignId, action: 'launch', endDate: Math.floor(Date.now() / 1000) + 7 * 86_400, scope: 'all', finishCriteria: ['days_over'] });

describe('partner select (POST /api/v5/bundle-partner/create)', () => {
  it('sets approved partners, who supplies each reward and the budgets; the partner money reward’s budget is theirs', async () => {
    const s = await invited();
    const list = ZBundlePartnerList.parse((await call('GET', `/api/v3/bundle/${s.c.id}/partners`, retailer)).json());
    expect(list.items.map((p) => [p.brandName, p.inviteStatus])).toEqual([
      ['Peak Snacks', 'SENT'],
      ['Brightside Beverages', 'SENT'],
    ]);
    const [cash] = await db().select().from(rewards).where(eq(rewards.id, s.cash.id));
    expect(cash).toMatchObject({ filledByPartners: true, isShared: true, budgetCents: 8_000 });
    const entries = await db().select().from(rewardPartners).where(eq(rewardPartners.rewardId, s.cash.id));
    expect(entries.map((e) => e.budgetCents).sort()).toEqual([3_000, 5_000]);
  });

  it('needs at least one partner, each an approved partner brand (a pending partnership is not)', async () => {
    const { c } = await sharedContest();
    const none = await create({ bundleId: c.id, partnersId: [] });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none.body).fields).toEqual([{ path: 'partnersId', message: PARTNER_MESSAGES.selectPartner }]);
    const pending = await create({ bundleId: c.id, partnersId: [ids.outlet, ids.retailer] });
    expect(pending.statusCode).toBe(400);
    expect(errorOf(pending.body).fields).toEqual([
      { path: 'partnersId.0', message: PARTNER_MESSAGES.notApproved },
      { path: 'partnersId.1', message: PARTNER_MESSAGES.self },
    ]);
  });

  it('is for the retailer owner of a shared contest only: other brands get 404, a non-shared campaign 409', async () => {
    const { c } = await sharedContest();
    expect((await create({ bundleId: c.id, partnersId: [ids.partner] }, peak)).statusCode).toBe(404);
    expect((await call('GET', `/api/v3/bundle/${c.id}/partners`, peak)).statusCode).toBe(404);
    expect((await call('PUT', `/api/v5/bundle-partner/${c.id}/send-invite`, bright)).statusCode).toBe(404);
    const plain = await f.campaign(ids.retailer, { type: 'contest', sharedCampaign: false });
    const res = await create({ bundleId: plain.id, partnersId: [ids.partner] });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.body).fields).toEqual([{ path: 'bundleId', message: PARTNER_MESSAGES.notShared }]);
  });

  it('freezes partners while invites are out, and lets the retailer replace one that rejected (an accepted one stays)', async () => {
    const s = await invited();
    const frozen = await create({ bundleId: s.c.id, partnersId: [ids.partner, ids.summit] });
    expect(frozen.statusCode).toBe(400);
    expect(errorOf(frozen.body).fields).toEqual([{ path: 'partnersId', message: PARTNER_MESSAGES.invitesOut }]);
    expect((await fill(s.c.id, s.discount)).statusCode).toBe(200);
    expect((await fill(s.c.id, s.cash)).statusCode).toBe(200);
    await credit(ids.partner, 5_000);
    expect((await accept(s.c.id)).statusCode).toBe(200);
    expect((await reject(s.c.id)).statusCode).toBe(200);
    const dropAccepted = await create({ bundleId: s.c.id, partnersId: [ids.summit] });
    expect(errorOf(dropAccepted.body).fields).toContainEqual({ path: 'partnersId', message: PARTNER_MESSAGES.acceptedStays });
    // What Peak accepted — $50 of the cash — is fixed: no cut, no taking the reward back, no new reward to supply.
    for (const supply of [
      { rewardId: s.cash.id, suppliedBy: 'partners', partners: [{ brandId: ids.partner, budget: 2_000 }] },
      { rewardId: s.cash.id, suppliedBy: 'self', partners: [] },
      { rewardId: s.own.id, suppliedBy: 'partners', partners: [{ brandId: ids.partner, budget: 1_000 }] },
    ]) {
      const changed = await create({ bundleId: s.c.id, partnersId: [ids.partner, ids.summit], rewards: [supply] });
      expect(changed.statusCode, JSON.stringify(supply)).toBe(400);
      expect(errorOf(changed.body).fields[0]?.message).toBe(PARTNER_MESSAGES.acceptedTerms);
    }
    expect((await db().select().from(rewardPartners).where(and(eq(rewardPartners.rewardId, s.cash.id), eq(rewardPartners.partnerBrandId, ids.partner))))[0]?.budgetCents).toBe(5_000);
    const replaced = await create({
      bundleId: s.c.id,
      partnersId: [ids.partner, ids.summit],
      rewards: [{ rewardId: s.cash.id, suppliedBy: 'partners', partners: [{ brandId: ids.partner, budget: 5_000 }] }],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await inviteOf(s.c.id, ids.owner)).toBeUndefined();
    expect((await inviteOf(s.c.id, ids.summit))?.inviteStatus).toBeNull();
    expect((await inviteOf(s.c.id, ids.partner))?.inviteStatus).toBe('ACCEPTED');
  });
});

describe('send invite (PUT /api/v5/bundle-partner/{id}/send-invite)', () => {
  it('waits for progress 100, then marks partners SENT and mails each partner brand’s owners in their language', async () => {
    const c = await f.campaign(ids.retailer, { name: 'Half done', type: 'contest', sharedCampaign: true });
    expect((await create({ bundleId: c.id, partnersId: [ids.partner] })).statusCode).toBe(200);
    const early = await call('PUT', `/api/v5/bundle-partner/${c.id}/send-invite`, retailer);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early.body).fields).toEqual([{ path: 'completionProgress', message: PARTNER_MESSAGES.progress }]);

    const s = await sharedContest('Mail race');
    expect((await create({ bundleId: s.c.id, partnersId: [ids.partner, ids.owner] })).statusCode).toBe(200);
    const res = await call('PUT', `/api/v5/bundle-partner/${s.c.id}/send-invite`, retailer);
    expect(res.statusCode, res.body).toBe(200);
    expect(ZSendInviteResult.parse(res.json())).toEqual({ status: 'SENT', sent: 2, mailed: 2 });
    const french = await smtp.waitFor((m) => m.to.includes('partner@partner.test') && m.subject.includes('Mail race'));
    expect(french.subject).toBe('Metro Mart invite Peak Snacks à « Mail race »');
    expect(french.text).toContain(`/campaign-view/${s.c.id}`);
    expect(french.html).toContain('lang="fr"');
    const english = await smtp.waitFor((m) => m.to.includes('owner@brand.test') && m.subject.includes('Mail race'));
    expect(english.subject).toBe('Metro Mart invites Brightside Beverages to "Mail race"');
  });
});

describe('partner view and filling (GET /api/v5/bundle-partner/{id}, save-reward)', () => {
  it('shows the invited brand the campaign, missions, its rewards, its own budget only, and why it cannot accept yet', async () => {
    const s = await invited();
    const res = await call('GET', `/api/v5/bundle-partner/${s.c.id}`, peak);
    expect(res.statusCode, res.body).toBe(200);
    const view = ZPartnerView.parse(res.json());
    expect(view.owner.brandName).toBe('Metro Mart');
    expect(view.missions).toHaveLength(1);
    expect(view.inviteStatus).toBe('SENT');
    expect(view.proposedBudget).toBe(5_000);
    const cash = view.rewards.find((r) => r.id === s.cash.id)!;
    expect(cash.partners).toEqual([expect.objectContaining({ brandId: ids.partner, budget: 5_000 })]);
    expect(view.rewards.filter((r) => r.assignedToMe).map((r) => [r.id, r.fillStatus]).sort()).toEqual(
      [
        [s.discount.id, 'pending'],
        [s.cash.id, 'pending'],
      ].sort(),
    );
    expect(view).toMatchObject({ canAccept: false, acceptProblem: PARTNER_MESSAGES.fillFirst });
    // A brand not invited, and the owner itself, get 404.
    expect((await call('GET', `/api/v5/bundle-partner/${s.c.id}`, summit)).statusCode).toBe(404);
    expect((await call('GET', `/api/v5/bundle-partner/${s.c.id}`, retailer)).statusCode).toBe(404);
    expect((await call('GET', `/api/v3/bundle/${s.c.id}/form-data`, summit)).statusCode).toBe(404);
  });

  it('lets a partner fill only the rewards assigned to it; a shared discount needs title and description only', async () => {
    const s = await invited();
    const missing = await fill(s.c.id, s.discount, peak, { title: '', description: '' });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing.body).fields.map((x) => x.path)).toEqual(['title', 'description']);
    const ok = await fill(s.c.id, s.discount);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ title: 'Peak 20% off', partners: [{ brandId: ids.partner, fillStatus: 'filled' }] });
    // The retailer's own reward, and a brand that is not invited: 404.
    expect((await fill(s.c.id, s.own, peak)).statusCode).toBe(404);
    expect((await fill(s.c.id, s.discount, summit)).statusCode).toBe(404);
    // Brightside supplies only the cash, not the discount.
    expect((await fill(s.c.id, s.discount, bright)).statusCode).toBe(404);
    const form = ZFormData.parse((await call('GET', `/api/v3/bundle/${s.c.id}/form-data`, peak)).json());
    expect(form.mode).toBe('view');
    expect(form.partners.map((p) => p.brandId)).toEqual([ids.partner]);
    expect(form.rewards.find((r) => r.id === s.cash.id)?.partners.map((p) => p.brandId)).toEqual([ids.partner]);
  });
});

describe('accept and reject (POST /api/v5/bundle-partner/accept-invite | reject-invite)', () => {
  it('refuses to accept before the assigned rewards are filled, then accepts once, and mails the retailer', async () => {
    const s = await invited('Accept once');
    await credit(ids.partner, 5_000);
    const early = await accept(s.c.id);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early.body).fields.map((x) => x.path).sort()).toEqual([`rewards.${s.cash.id}`, `rewards.${s.discount.id}`].sort());
    await fill(s.c.id, s.discount);
    await fill(s.c.id, s.cash);
    const res = await accept(s.c.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ inviteStatus: 'ACCEPTED', proposedBudget: 5_000 });
    const twice = await accept(s.c.id);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice.body).fields).toEqual([{ path: 'bundleId', message: PARTNER_MESSAGES.alreadyAnswered }]);
    // Filling is closed once accepted.
    expect((await fill(s.c.id, s.discount)).statusCode).toBe(409);
    const mail = await smtp.waitFor((m) => m.to.includes('retailer@retail.test') && m.subject === 'Peak Snacks accepted "Accept once"');
    expect(mail.text).toContain(`/campaign/${s.c.id}`);
  });

  it('answers only the invited brand: the owner and other brands get 404', async () => {
    const s = await invited();
    expect((await accept(s.c.id, retailer)).statusCode).toBe(404);
    expect((await reject(s.c.id, summit)).statusCode).toBe(404);
    expect((await accept(999_999)).statusCode).toBe(404);
  });

  it('asks a prepaid partner whose wallet is short for the difference (402 dueCents); a postpaid partner skips the check', async () => {
    const s = await invited();
    await fill(s.c.id, s.cash, bright);
    const [before] = await db().select().from(brands).where(eq(brands.id, ids.owner));
    const short = await accept(s.c.id, bright);
    expect(short.statusCode).toBe(402);
    expect(errorOf(short.body).dueCents).toBe(3_000 - before!.walletBalanceCents);
    expect((await inviteOf(s.c.id, ids.owner))?.inviteStatus).toBe('SENT');
    await db().update(brands).set({ paymentPlan: 'postpaid' }).where(eq(brands.id, ids.owner));
    try {
      expect((await accept(s.c.id, bright)).statusCode).toBe(200);
    } finally {
      await db().update(brands).set({ paymentPlan: 'prepaid' }).where(eq(brands.id, ids.owner));
    }
  });

  it('lets exactly one of a concurrent accept and reject win', async () => {
    const s = await invited();
    await fill(s.c.id, s.discount);
    await fill(s.c.id, s.cash);
    await credit(ids.partner, 5_000);
    const [a, r] = await Promise.all([accept(s.c.id), reject(s.c.id, peak)]);
    expect([a.statusCode, r.statusCode].sort()).toEqual([200, 409]);
    const status = (await inviteOf(s.c.id, ids.partner))?.inviteStatus;
    expect(status).toBe(a.statusCode === 200 ? 'ACCEPTED' : 'REJECTED');
  });

  it('warns the retailer when every partner rejected, marks the campaign rejected with who, when and why, and reopens the partner step', async () => {
    const { c } = await sharedContest('All rejected');
    await create({ bundleId: c.id, partnersId: [ids.owner], sendInvite: true });
    const before = Math.floor(Date.now() / 1000);
    const answered = await call('POST', '/api/v5/bundle-partner/reject-invite', bright, { bundleId: c.id, reason: '  No budget left this quarter  ' });
    expect(answered.statusCode, answered.body).toBe(200);
    const form = ZFormData.parse((await call('GET', `/api/v3/bundle/${c.id}/form-data`, retailer)).json());
    expect(form.warnings).toContain('all-partners-rejected');
    expect(form.progress.percent).toBe(75);
    expect(form.campaign.status).toBe('rejected');
    expect(form.partners[0]).toMatchObject({ brandName: 'Brightside Beverages', inviteStatus: 'REJECTED', rejectReason: 'No budget left this quarter' });
    expect(form.partners[0]?.respondedAt).toBeGreaterThanOrEqual(before);
    const activity = ZActivity.parse((await call('GET', `/api/v3/bundle/${c.id}/activity`, retailer)).json());
    expect(activity.items[0]).toMatchObject({ action: 'partners.reject', user: { name: expect.any(String) } });
    expect(activity.items[0]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'partner', old: null, new: 'Brightside Beverages' },
        { field: 'inviteStatus', old: 'SENT', new: 'REJECTED' },
        { field: 'rejectionReason', old: null, new: 'No budget left this quarter' },
        { field: 'status', old: 'draft', new: 'rejected' },
      ]),
    );
    const mail = await smtp.waitFor((m) => m.to.includes('retailer@retail.test') && m.subject === 'Brightside Beverages rejected "All rejected"');
    expect(mail.text).toContain('No budget left this quarter');
    // Still editable; inviting another brand makes it a draft again.
    const replaced = await create({ bundleId: c.id, partnersId: [ids.partner] });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await db().select().from(campaigns).where(eq(campaigns.id, c.id)))[0]?.status).toBe('draft');
  });

  it('refuses a rejection reason over 500 characters, naming it', async () => {
    const s = await invited('Long reason');
    const res = await call('POST', '/api/v5/bundle-partner/reject-invite', bright, { bundleId: s.c.id, reason: 'x'.repeat(501) });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).fields[0]?.path).toBe('reason');
    expect((await inviteOf(s.c.id, ids.owner))?.inviteStatus).toBe('SENT');
  });
});

describe('deleting a shared campaign', () => {
  it('lets the retailer delete it with its invites; the partner then finds nothing', async () => {
    const s = await invited('To delete');
    const res = await call('PUT', `/api/campaign/${s.c.id}/status`, retailer, { action: 'delete', bundleId: s.c.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await inviteOf(s.c.id, ids.partner)).toBeUndefined();
    expect((await call('GET', `/api/v5/bundle-partner/${s.c.id}`, peak)).statusCode).toBe(404);
  });
});

describe('launch of a shared campaign', () => {
  it('needs an accepted partner and every partner reward filled', async () => {
    const s = await invited();
    const res = await launch(s.c.id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.body).fields).toEqual(
      expect.arrayContaining([
        { path: 'partners', message: PARTNER_MESSAGES.needsAcceptedPartner },
        { path: `rewards.${s.discount.id}`, message: PARTNER_MESSAGES.partnerRewardsPending },
      ]),
    );
  });

  it("debits each brand's own wallet for its own slice, all or nothing, and the ledger says which campaign", async () => {
    const s = await invited();
    await fill(s.c.id, s.discount);
    await fill(s.c.id, s.cash);
    await credit(ids.partner, 5_000);
    expect((await accept(s.c.id)).statusCode).toBe(200);
    // Brightside is still pending on the cash reward: the retailer drops it and keeps Peak alone on the cash.
    await reject(s.c.id);
    await create({ bundleId: s.c.id, partnersId: [ids.partner], rewards: [{ rewardId: s.cash.id, suppliedBy: 'partners', partners: [{ brandId: ids.partner, budget: 5_000 }] }] });
    // Peak spends its money elsewhere: the launch fails as a whole and nobody pays.
    await db().insert(walletLedger).values({ brandId: ids.partner, kind: 'adjustment', amountCents: -(await db().select().from(brands).where(eq(brands.id, ids.partner)))[0]!.walletBalanceCents, note: 'spent' });
    const short = await launch(s.c.id);
    expect(short.statusCode, short.body).toBe(402);
    expect(errorOf(short.body).fields).toEqual([{ path: `partners.${ids.partner}.wallet`, message: expect.stringContaining('Peak Snacks') }]);
    expect(await ledgerOf(ids.partner, s.c.id)).toHaveLength(0);
    expect((await db().select().from(campaigns).where(eq(campaigns.id, s.c.id)))[0]?.status).toBe('draft');

    await credit(ids.partner, 5_000);
    const res = await launch(s.c.id);
    expect(res.statusCode, res.body).toBe(200);
    const peakLedger = await ledgerOf(ids.partner, s.c.id);
    expect(peakLedger.map((l) => [l.kind, l.amountCents, l.rewardId])).toEqual([['partner_slice', -5_000, s.cash.id]]);
    expect(peakLedger[0]?.note).toContain('Snack race');
    // The retailer paid its own reward before (its budget was paid), nothing of the partners'.
    expect(await ledgerOf(ids.retailer, s.c.id)).toHaveLength(0);
    const [cash] = await db().select().from(rewards).where(eq(rewards.id, s.cash.id));
    expect(cash?.budgetPaidCents).toBe(5_000);
  });

  it('gives each brand back its own unspent share when the shared campaign ends: the partner its part, the retailer its own', async () => {
    const s = await invited('Refund race');
    await fill(s.c.id, s.discount);
    await fill(s.c.id, s.cash);
    await credit(ids.partner, 5_000);
    expect((await accept(s.c.id)).statusCode).toBe(200);
    await reject(s.c.id);
    await create({ bundleId: s.c.id, partnersId: [ids.partner], rewards: [{ rewardId: s.cash.id, suppliedBy: 'partners', partners: [{ brandId: ids.partner, budget: 5_000 }] }] });
    expect((await launch(s.c.id)).statusCode).toBe(200);
    // Participants won $20 of Peak's $50 and $40 of the retailer's own $100 while it ran.
    await db().update(rewards).set({ budgetSpentCents: 2_000 }).where(eq(rewards.id, s.cash.id));
    await db().update(rewards).set({ budgetSpentCents: 4_000 }).where(eq(rewards.id, s.own.id));
    const before = (await db().select().from(brands).where(eq(brands.id, ids.partner)))[0]!.walletBalanceCents;

    const ended = await call('POST', '/api/v3/bundle/end-campaign', retailer, { bundleId: s.c.id });
    expect(ended.statusCode, ended.body).toBe(200);
    const peakRefund = (await ledgerOf(ids.partner, s.c.id)).filter((l) => l.kind === 'refund');
    expect(peakRefund.map((l) => l.amountCents)).toEqual([3_000]);
    expect(peakRefund[0]?.note).toContain('Refund race');
    expect((await db().select().from(brands).where(eq(brands.id, ids.partner)))[0]!.walletBalanceCents).toBe(before + 3_000);
    expect((await ledgerOf(ids.retailer, s.c.id)).filter((l) => l.kind === 'refund').map((l) => l.amountCents)).toEqual([6_000]);
    const after = await db().select().from(rewards).where(eq(rewards.campaignId, s.c.id));
    expect(after.every((r) => r.budgetPaidCents === r.budgetSpentCents)).toBe(true);
  });
});

describe('builder helpers', () => {
  it('lists the retailer’s approved partner brands 10 a page, searchable, and shows a linked brand by id', async () => {
    const page = ZPartnerBrandPage.parse((await call('GET', '/api/v5/partner-brands?currentPage=1', retailer)).json());
    expect(page.items.map((b) => b.name)).toEqual(['Brightside Beverages', 'Peak Snacks', 'Summit Springs']);
    expect(page._meta).toMatchObject({ totalCount: 3, perPage: 10, currentPage: 1 });
    const found = ZPartnerBrandPage.parse((await call('GET', '/api/v5/partner-brands?filter=peak', retailer)).json());
    expect(found.items.map((b) => b.id)).toEqual([ids.partner]);
    expect(ZPartnerBrandPage.parse((await call('GET', '/api/v5/partner-brands', peak)).json()).items).toEqual([]);
    expect(ZBrandCard.parse((await call('GET', `/api/v5/brand/${ids.partner}`, retailer)).json()).name).toBe('Peak Snacks');
    expect((await call('GET', `/api/v5/brand/${ids.outlet}`, peak)).statusCode).toBe(404);
  });

  it('shows a partner its invitations with the count waiting for an answer', async () => {
    const page = ZInvitationPage.parse((await call('GET', '/api/v5/bundle-partner/invitations', summit)).json());
    expect(page.items.every((i) => i.ownerName === 'Metro Mart')).toBe(true);
    const peakPage = ZInvitationPage.parse((await call('GET', '/api/v5/bundle-partner/invitations', peak)).json());
    expect(peakPage.pending).toBe(peakPage.items.filter((i) => i.inviteStatus === 'SENT').length);
    expect(peakPage._meta.totalCount).toBeGreaterThan(0);
  });

  it('answers bad input with a 4xx naming the field, never a 500', async () => {
    const bad = await create({ bundleId: 'x', partnersId: 'peak', extra: true });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).fields.map((x) => x.path).sort()).toEqual(['bundleId', 'extra', 'partnersId'].sort());
    const longId = await call('GET', `/api/v5/brand/${'b'.repeat(65)}`, retailer);
    expect(longId.statusCode).toBe(400);
    expect(errorOf(longId.body).fields[0]?.path).toBe('id');
    expect((await call('GET', '/api/v5/partner-brands?filter=%25_%5C', retailer)).statusCode).toBe(200);
    expect((await call('GET', '/api/v5/bundle-partner/invitations?currentPage=0', peak)).statusCode).toBe(400);
    expect((await call('GET', '/api/v5/bundle-partner/0', peak)).statusCode).toBe(400);
    expect((await call('POST', '/api/v5/bundle-partner/accept-invite', peak, { bundleId: -1 })).statusCode).toBe(400);
  });

  it('puts the five v5 calls and the helpers in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    for (const path of [
      '/api/v5/bundle-partner/create',
      '/api/v5/bundle-partner/{id}/send-invite',
      '/api/v5/bundle-partner/{id}',
      '/api/v5/bundle-partner/accept-invite',
      '/api/v5/bundle-partner/reject-invite',
      '/api/v3/bundle/{id}/partners',
      '/api/v5/partner-brands',
      '/api/v5/brand/{id}',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });
});
