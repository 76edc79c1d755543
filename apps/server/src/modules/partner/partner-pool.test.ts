import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  PARTNER_INVITES_PER_DAY,
  PARTNER_MESSAGES,
  PARTNER_POOL_MESSAGES,
  ZErrorBody,
  ZPartnerAnswerResult,
  ZPartnerBrandPage,
  ZPartnerInvitationList,
  ZPartnerInviteResult,
  ZPartnerPool,
  ZPartnerPoolEntry,
  type TMemberRole,
} from '@rally/domain';
import { brandActivity, brandPartnerships } from '../../db/schema/index.js';
import { DEMO_PASSWORD, insertBrand, insertMember, insertPasswordUser } from '../../seed/demo-accounts.js';
import { factories } from '../../testing/factories.js';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../../testing/smtp-capture.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let smtp: SmtpCapture;
let f: ReturnType<typeof factories>;
let ids: TestApp['brandIds'];
let retailer: string;
let peak: string;
let summit: string;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://rally.test' } });
  f = factories(t.database.db);
  ids = t.brandIds;
  [retailer, peak, summit] = await Promise.all([t.signIn('retailer@retail.test'), t.signIn('partner@partner.test'), t.signIn('summit@partner.test')]);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const db = () => t.database.db;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const errorOf = (body: string) => ZErrorBody.parse(JSON.parse(body)).error;

let serial = 0;
/** A fresh brand with a member of the given role (the way brand creation leaves it); returns its id and a session. */
async function brandWith(role: TMemberRole = 'owner', over: { isRetailer?: boolean; email?: string } = {}) {
  serial += 1;
  const email = over.email ?? `person-${serial}@brand-${serial}.test`;
  const brandId = await insertBrand(db(), { slug: `brand-${serial}`, name: `Brand ${serial}`, isRetailer: over.isRetailer ?? false, consumerEnabled: false });
  const userId = await insertPasswordUser(db(), email, `Person ${serial}`, DEMO_PASSWORD);
  await insertMember(db(), brandId, userId, role);
  return { brandId, email, userId, name: `Brand ${serial}`, cookie: await t.signIn(email) };
}

const invite = (email: string, cookie = retailer) => call('POST', '/api/partner-pool/invitations', cookie, { email });
const pool = async (cookie = retailer) => ZPartnerPool.parse((await call('GET', '/api/partner-pool', cookie)).json()).items;
const myInvitations = async (cookie: string) => ZPartnerInvitationList.parse((await call('GET', '/api/partner-invitations', cookie)).json()).items;
const answerById = (id: number, how: 'accept' | 'decline', cookie: string) => call('POST', `/api/partner-invitations/${id}/${how}`, cookie);
const answerByToken = (token: string, answer: 'accept' | 'decline', cookie: string) => call('POST', '/api/partner-invitations/answer-token', cookie, { token, answer });
const mailTo = (email: string) => smtp.waitFor((m) => m.to.includes(email));
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
/** The token of the mail's link (and which page it opens). */
function linkOf(mail: CapturedMail) {
  const match = /http:\/\/rally\.test(\/[a-z-]+)\?partnerInvite=([A-Za-z0-9_-]+)/.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return { path: match![1]!, token: match![2]! };
}
const rowFor = async (email: string) =>
  (await db().select().from(brandPartnerships).where(and(eq(brandPartnerships.brandId, ids.retailer), eq(brandPartnerships.invitedEmail, email))))[0]!;
const logOf = async (brandId: string) =>
  db()
    .select()
    .from(brandActivity)
    .where(and(eq(brandActivity.brandId, brandId), inArray(brandActivity.action, ['partner.invited', 'partner.accepted', 'partner.declined', 'partner.removed'])))
    .orderBy(asc(brandActivity.id));
const partnerSelect = async (cookie = retailer) =>
  ZPartnerBrandPage.parse((await call('GET', '/api/v5/partner-brands?currentPage=1', cookie)).json()).items.map((b) => b.name);

describe('inviting a brand to the partner pool', () => {
  it('gives an existing brand’s owner a pending invitation in the app and a mail that opens it', async () => {
    const nova = await brandWith('owner');
    const res = await invite(nova.email.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(ZPartnerInviteResult.parse(res.json())).toEqual({ status: 'invited', email: nova.email });
    const mail = await mailTo(nova.email);
    expect(mail.subject).toBe('Metro Mart invites your brand to its partner pool on Rally');
    expect(linkOf(mail).path).toBe('/partners');

    const [mine] = await myInvitations(nova.cookie);
    expect(mine).toMatchObject({ retailer: { brandId: ids.retailer, brandName: 'Metro Mart' }, addressedTo: 'brand', invitedEmail: nova.email });
    const row = (await pool()).find((p) => p.invitedEmail === nova.email);
    // Merely invited: the retailer sees the email, never the brand behind it.
    expect(row).toMatchObject({ status: 'pending', brandId: null, brandName: null, expired: false });
    // The token is stored as its sha256, never as sent.
    const stored = await rowFor(nova.email);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.tokenHash).not.toBe(linkOf(mail).token);
  });

  it('answers an unknown email exactly as a known one and mails it a sign-up link; the brand it creates then accepts with the link', async () => {
    const known = await brandWith('owner');
    const unknown = `newcomer-${Date.now()}@fresh.test`;
    const a = await invite(known.email);
    const b = await invite(unknown);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(Object.keys(a.json())).toEqual(Object.keys(b.json()));
    expect(a.json().status).toBe(b.json().status);
    const rows = (await pool()).filter((p) => p.invitedEmail === known.email || p.invitedEmail === unknown);
    const same = { status: 'pending', brandId: null, brandName: null, brandLogoUrl: null, expired: false, respondedAt: null, removedAt: null };
    expect(rows.map(({ id: _id, invitedEmail: _e, invitedAt: _i, ...rest }) => rest)).toEqual([same, same]);
    const { path, token } = linkOf(await mailTo(unknown));
    expect(path).toBe('/sign-up');

    // The person signs up (verified) and creates a brand: the invitation addressed to the email shows up for it.
    const fresh = await brandWith('owner', { email: unknown });
    const [waiting] = await myInvitations(fresh.cookie);
    expect(waiting).toMatchObject({ addressedTo: 'email', retailer: { brandName: 'Metro Mart' } });
    const accepted = await answerByToken(token, 'accept', fresh.cookie);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(ZPartnerAnswerResult.parse(accepted.json())).toMatchObject({ status: 'approved', retailerName: 'Metro Mart' });
    expect((await pool()).find((p) => p.invitedEmail === unknown)).toMatchObject({ status: 'approved', brandId: fresh.brandId, brandName: fresh.name });
    expect(await partnerSelect()).toContain(fresh.name);

    // The link is single use.
    const again = await answerByToken(token, 'accept', fresh.cookie);
    expect(again.statusCode).toBe(404);
  });

  it('treats the email of an already approved partner like any other (a pending row by email); its answer keeps the one partnership', async () => {
    const res = await invite('partner@partner.test');
    expect(res.statusCode).toBe(200);
    const row = (await pool()).find((p) => p.invitedEmail === 'partner@partner.test');
    expect(row).toMatchObject({ status: 'pending', brandId: null, brandName: null });
    const { path, token } = linkOf(await mailTo('partner@partner.test'));
    expect(path).toBe('/partners');
    const peakRows = async () => (await db().select().from(brandPartnerships).where(and(eq(brandPartnerships.brandId, ids.retailer), eq(brandPartnerships.partnerBrandId, ids.partner))));
    expect((await answerByToken(token, 'decline', peak)).statusCode).toBe(200);
    expect((await peakRows()).map((r) => r.status)).toEqual(['approved']);
    expect((await pool()).some((p) => p.id === row!.id)).toBe(false);
    expect(await partnerSelect()).toContain('Peak Snacks');
  });

  it('refuses an expired invitation, by link and in the app, and the pool shows it expired until re-invited', async () => {
    const late = await brandWith('owner');
    await invite(late.email);
    const { token } = linkOf(await mailTo(late.email));
    const row = await rowFor(late.email);
    await db().update(brandPartnerships).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(brandPartnerships.id, row.id));

    const byToken = await answerByToken(token, 'accept', late.cookie);
    expect(byToken.statusCode).toBe(409);
    expect(errorOf(byToken.body).fields).toEqual([{ path: 'id', message: PARTNER_POOL_MESSAGES.expired }]);
    expect((await answerById(row.id, 'accept', late.cookie)).statusCode).toBe(409);
    expect(await myInvitations(late.cookie)).toEqual([]);
    expect((await pool()).find((p) => p.id === row.id)).toMatchObject({ status: 'pending', expired: true });

    // A re-invitation sends a new link; the old one no longer opens anything.
    await invite(late.email);
    await smtp.waitFor(() => mailsTo(late.email).length === 2);
    const fresh = linkOf(mailsTo(late.email)[1]!).token;
    expect((await answerByToken(token, 'accept', late.cookie)).statusCode).toBe(404);
    expect((await answerByToken(fresh, 'accept', late.cookie)).statusCode).toBe(200);
  });

  it('throttles one brand’s invitations per day (429 with Retry-After), without touching other retailers', async () => {
    const busy = await brandWith('owner', { isRetailer: true });
    for (let i = 0; i < PARTNER_INVITES_PER_DAY; i++) {
      const res = await invite(`target-${i}@many.test`, busy.cookie);
      expect(res.statusCode, res.body).toBe(200);
    }
    const over = await invite('one-more@many.test', busy.cookie);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(errorOf(over.body).fields).toEqual([{ path: 'email', message: PARTNER_POOL_MESSAGES.tooMany }]);
    expect((await pool(busy.cookie)).some((p) => p.invitedEmail === 'one-more@many.test')).toBe(false);
    expect((await invite('someone@else.test')).statusCode).toBe(200);
  });

  it('names the field of a malformed email (400, not 500)', async () => {
    const res = await invite('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).fields).toEqual([{ path: 'email', message: PARTNER_POOL_MESSAGES.email }]);
  });
});

describe('who may manage and answer', () => {
  it('refuses a brand that is not a retailer (403) on the pool routes', async () => {
    expect((await call('GET', '/api/partner-pool', peak)).statusCode).toBe(403);
    const res = await invite('someone@x.test', peak);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res.body).message).toBe(PARTNER_POOL_MESSAGES.notRetailer);
    const [row] = await db().select().from(brandPartnerships).where(eq(brandPartnerships.brandId, ids.retailer)).limit(1);
    expect((await call('POST', `/api/partner-pool/${row!.id}/remove`, peak)).statusCode).toBe(403);
  });

  it('refuses a role without partner:manage (403): the retailer’s campaign manager reads the pool but cannot invite or remove; the invitee’s analyst cannot answer', async () => {
    const manager = await t.signIn(
      await (async () => {
        const email = `cm-${Date.now()}@retail.test`;
        const userId = await insertPasswordUser(db(), email, 'Casey Manager', DEMO_PASSWORD);
        await insertMember(db(), ids.retailer, userId, 'campaign_manager');
        return email;
      })(),
    );
    expect((await call('GET', '/api/partner-pool', manager)).statusCode).toBe(200);
    expect((await invite('x@y.test', manager)).statusCode).toBe(403);
    const summitRow = (await pool()).find((p) => p.brandId === ids.summit)!;
    expect((await call('POST', `/api/partner-pool/${summitRow.id}/remove`, manager)).statusCode).toBe(403);

    const invitee = await brandWith('owner');
    const analystEmail = `analyst-${serial}@brand.test`;
    await insertMember(db(), invitee.brandId, await insertPasswordUser(db(), analystEmail, 'Ana Lyst', DEMO_PASSWORD), 'analyst');
    const analyst = await t.signIn(analystEmail);
    await invite(invitee.email);
    const { token } = linkOf(await mailTo(invitee.email));
    const [inv] = await myInvitations(analyst);
    expect(inv).toBeDefined();
    expect((await answerById(inv!.id, 'accept', analyst)).statusCode).toBe(403);
    expect((await answerByToken(token, 'accept', analyst)).statusCode).toBe(403);
    expect((await rowFor(invitee.email)).status).toBe('pending');
  });

  it('lets no other brand accept or decline someone else’s invitation, by id or with the link (404, still pending)', async () => {
    const target = await brandWith('owner');
    await invite(target.email);
    const { token } = linkOf(await mailTo(target.email));
    const row = await rowFor(target.email);
    expect((await answerById(row.id, 'accept', summit)).statusCode).toBe(404);
    expect((await answerById(row.id, 'decline', summit)).statusCode).toBe(404);
    expect((await answerByToken(token, 'accept', summit)).statusCode).toBe(404);
    expect(await myInvitations(summit)).toEqual([]);
    // The retailer cannot answer its own invitation either.
    expect((await answerById(row.id, 'accept', retailer)).statusCode).toBe(404);
    expect((await rowFor(target.email)).status).toBe('pending');
  });
});

describe('pool states and the activity log', () => {
  it('moves pending → declined → pending → approved → removed → pending, each change on both brands’ logs', async () => {
    const b = await brandWith('owner');
    await invite(b.email);
    await mailTo(b.email);
    const id = (await rowFor(b.email)).id;
    const declined = await answerById(id, 'decline', b.cookie);
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await pool()).find((p) => p.id === id)).toMatchObject({ status: 'declined', brandName: null });
    expect((await answerById(id, 'accept', b.cookie)).statusCode).toBe(409);

    await invite(b.email);
    expect((await pool()).find((p) => p.id === id)?.status).toBe('pending');
    expect((await answerById(id, 'accept', b.cookie)).statusCode).toBe(200);
    expect(ZPartnerPoolEntry.parse((await pool()).find((p) => p.id === id))).toMatchObject({ status: 'approved', brandName: b.name });
    // Answered: a second answer is refused.
    const again = await answerById(id, 'decline', b.cookie);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again.body).fields).toEqual([{ path: 'id', message: PARTNER_POOL_MESSAGES.answered }]);

    const removed = await call('POST', `/api/partner-pool/${id}/remove`, retailer);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(ZPartnerPoolEntry.parse(removed.json())).toMatchObject({ status: 'removed', brandName: b.name });
    const twice = await call('POST', `/api/partner-pool/${id}/remove`, retailer);
    expect(twice.statusCode).toBe(409);
    await invite(b.email);
    expect((await pool()).find((p) => p.id === id)?.status).toBe('pending');

    const retailerLog = (await logOf(ids.retailer)).filter((l) => l.subjectId === String(id) || l.subjectId === b.brandId);
    expect(retailerLog.map((l) => l.action)).toEqual(['partner.invited', 'partner.declined', 'partner.invited', 'partner.accepted', 'partner.removed', 'partner.invited']);
    // The retailer's invitation lines name the email, never the brand behind it.
    expect(retailerLog.filter((l) => l.action === 'partner.invited').map((l) => l.subjectLabel)).toEqual([b.email, b.email, b.email]);
    const brandLog = await logOf(b.brandId);
    expect(brandLog.map((l) => [l.action, l.subjectLabel])).toEqual([
      ['partner.invited', 'Metro Mart'],
      ['partner.declined', 'Metro Mart'],
      ['partner.invited', 'Metro Mart'],
      ['partner.accepted', 'Metro Mart'],
      ['partner.removed', 'Metro Mart'],
      ['partner.invited', 'Metro Mart'],
    ]);
    expect(brandLog[3]).toMatchObject({ actorKind: 'user', actorId: b.userId, changes: [{ field: 'status', old: 'pending', new: 'approved' }] });
  });
});

describe('the partner select offers the approved pool only', () => {
  it('lists approved partners only; a removed partner cannot be put on a new shared contest, an invited one stays on its campaign', async () => {
    const pending = await brandWith('owner');
    await invite(pending.email);
    await mailTo(pending.email);
    const declined = await brandWith('owner');
    await invite(declined.email);
    await mailTo(declined.email);
    await answerById((await rowFor(declined.email)).id, 'decline', declined.cookie);
    const offered = await partnerSelect();
    expect(offered).toEqual(expect.arrayContaining(['Peak Snacks', 'Summit Springs']));
    expect(offered).not.toContain(pending.name);
    expect(offered).not.toContain(declined.name);
    expect(offered).not.toContain('Brightside Outlet');

    // Summit is on a contest whose invite went out, and picked (not yet invited) on a draft.
    const running = await f.campaign(ids.retailer, { name: 'Running contest', type: 'contest', sharedCampaign: true });
    await f.partner(ids.retailer, running.id, ids.summit, { inviteStatus: 'SENT', invitedAt: new Date() });
    const draft = await f.campaign(ids.retailer, { name: 'Draft contest', type: 'contest', sharedCampaign: true });
    expect((await call('POST', '/api/v5/bundle-partner/create', retailer, { bundleId: draft.id, partnersId: [ids.summit] })).statusCode).toBe(200);

    const summitRow = (await pool()).find((p) => p.brandId === ids.summit)!;
    expect((await call('POST', `/api/partner-pool/${summitRow.id}/remove`, retailer)).statusCode).toBe(200);
    expect(await partnerSelect()).not.toContain('Summit Springs');
    const fresh = await f.campaign(ids.retailer, { name: 'New contest', type: 'contest', sharedCampaign: true });
    for (const c of [fresh, draft]) {
      const res = await call('POST', '/api/v5/bundle-partner/create', retailer, { bundleId: c.id, partnersId: [ids.summit] });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.body).fields).toEqual([{ path: 'partnersId.0', message: PARTNER_MESSAGES.notApproved }]);
    }
    const kept = await call('GET', `/api/v3/bundle/${running.id}/partners`, retailer);
    expect(kept.json().items.map((p: { brandId: string; inviteStatus: string }) => [p.brandId, p.inviteStatus])).toEqual([[ids.summit, 'SENT']]);
    // Summit still answers the invite it has.
    expect((await call('GET', `/api/v5/bundle-partner/${running.id}`, summit)).statusCode).toBe(200);
  });
});

describe('the whole path', () => {
  it('an invited brand accepts; the retailer puts it on a shared contest; it fills its reward, accepts, and the contest launches', async () => {
    const nova = await brandWith('owner');
    await invite(nova.email);
    await mailTo(nova.email);
    const [inv] = await myInvitations(nova.cookie);
    // Merely invited, the brand cannot be looked up by the retailer.
    expect((await call('GET', `/api/v5/brand/${nova.brandId}`, retailer)).statusCode).toBe(404);
    expect((await answerById(inv!.id, 'accept', nova.cookie)).statusCode).toBe(200);
    expect(await partnerSelect()).toContain(nova.name);
    expect((await call('GET', `/api/v5/brand/${nova.brandId}`, retailer)).statusCode).toBe(200);

    const c = await f.campaign(ids.retailer, { name: 'Nova race', type: 'contest', sharedCampaign: true });
    const m = await f.mission(ids.retailer, { type: 'contest' });
    await f.campaignMission(ids.retailer, c.id, m.id);
    await f.reward(ids.retailer, c.id, { type: 'money', title: 'Own cash', amountCents: 500, budgetCents: 10_000, budgetPaidCents: 10_000 });
    const discount = await f.reward(ids.retailer, c.id, { type: 'discount', title: 'Partner discount', description: 'to fill', endDate: new Date(Date.now() + 30 * 86_400_000) });
    const set = await call('POST', '/api/v5/bundle-partner/create', retailer, {
      bundleId: c.id,
      partnersId: [nova.brandId],
      sendInvite: true,
      rewards: [{ rewardId: discount.id, suppliedBy: 'partners', partners: [{ brandId: nova.brandId, budget: 0 }] }],
    });
    expect(set.statusCode, set.body).toBe(200);
    await smtp.waitFor((mail) => mail.to.includes(nova.email) && mail.subject.includes('Nova race'));

    const fill = await call('POST', '/api/reward/write/save-reward', nova.cookie, { id: discount.id, bundleId: c.id, type: 'discount', title: 'Nova 15% off', description: 'On every Nova product' });
    expect(fill.statusCode, fill.body).toBe(200);
    const joined = await call('POST', '/api/v5/bundle-partner/accept-invite', nova.cookie, { bundleId: c.id });
    expect(joined.statusCode, joined.body).toBe(200);
    const launched = await call('PUT', `/api/campaign/${c.id}/status`, retailer, {
      bundleId: c.id,
      action: 'launch',
      endDate: Math.floor(Date.now() / 1000) + 7 * 86_400,
      scope: 'all',
      finishCriteria: ['days_over'],
    });
    expect(launched.statusCode, launched.body).toBe(200);
  });
});
