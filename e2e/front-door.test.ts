import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
// The app's mail goes over real SMTP to this in-process server (no mocks).
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../apps/server/src/testing/smtp-capture.js';
import { startOidcProvider, type TestOidcProvider } from '../apps/server/src/testing/oidc-provider.js';
import { freePort, startHarness, type Harness } from './support/harness.js';

// The front door of a real deployment (issue 28), tried as new people would in Chromium on a fresh start with no
// demo data: the first person signs up, confirms the address from the mail, creates a brand and lands on the guided
// start; they invite a teammate as campaign manager, who joins from the mailed link in another browser and sees a
// campaign manager's navigation; the owner funds the wallet with the sandbox test card and the campaign manager
// launches a campaign; a forgotten password is reset from the mailed link; the owner sets up single sign-on and a
// colleague signs in through a real OpenID Connect provider (oidc-provider, its own login and consent screens); a
// retailer signs up, invites the owner to its partner pool, the owner accepts from the mailed link, and the retailer
// picks the brand (now an approved partner) for a shared contest, whose invitation the owner accepts.
// Real server, empty database, real SMTP.

const SHOTS = '/tmp/front-door-shots';
const OWNER = { name: 'Olive Owner', email: 'olive@acme-drinks.test', password: 'first-pass-2026' };
const SSO_USER = 'sam@acme-drinks.test';
const TEAMMATE = { name: 'Carl Campaigns', email: 'carl@acme-drinks.test', password: 'carls-pass-2026' };
const NEW_PASSWORD = 'second-pass-2026';
const BRAND = 'Acme Drinks';
const CAMPAIGN = 'Cooler check (front door)';
const RETAILER = { name: 'Rita Retail', email: 'rita@northwind-markets.test', password: 'ritas-pass-2026', brand: 'Northwind Markets' };
const SHARED_CONTEST = 'Northwind cooler race';

let harness: Harness;
let mail: SmtpCapture;
let idp: TestOidcProvider;
let owner: { context: BrowserContext; page: Page };
let teammate: { context: BrowserContext; page: Page } | undefined;
let retailer: { context: BrowserContext; page: Page } | undefined;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  mail = await startSmtpCapture();
  // A known port: the provider must know Rally's SSO redirect URI (built from PUBLIC_URL) before Rally starts.
  const port = await freePort();
  idp = await startOidcProvider(`http://127.0.0.1:${port}/api/auth/sso/callback`);
  harness = await startHarness({ port, seedDemo: false, env: { SMTP_URL: mail.url, SIGN_UP: 'open' } });
  owner = await harness.newPage();
}, 300_000);

afterAll(async () => {
  await teammate?.context.close();
  await retailer?.context.close();
  await owner?.context.close();
  await harness?.close();
  await mail?.close();
  await idp?.close();
});

/** A full-page screenshot to look at (not an assertion): one that cannot be taken in time is reported, not failed. */
async function shot(page: Page, name: string) {
  await page
    .screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, timeout: 15_000 })
    .catch((error: unknown) => console.warn(`screenshot ${name} not taken: ${String(error).split('\n')[0]}`));
}

/**
 * The link of a mail whose path starts with `pathPrefix`, as a path on this server: the app's PUBLIC_URL is not the
 * port the test server listens on, so the origin is dropped (the path, query and #token are what the link carries).
 */
function linkIn(message: CapturedMail, pathPrefix: string): string {
  const found = (message.text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? []).map((u) => new URL(u)).find((u) => u.pathname.startsWith(pathPrefix));
  if (!found) throw new Error(`no ${pathPrefix} link in the mail "${message.subject}":\n${message.text}`);
  return `${found.pathname}${found.search}${found.hash}`;
}

const mailTo = (email: string, pathPrefix: string) =>
  mail.waitFor((m) => m.to.includes(email) && m.text.includes(pathPrefix), 20_000);

async function signIn(page: Page, email: string, password: string) {
  const emailInput = page.getByLabel(/^Email/);
  if ((await emailInput.inputValue()) !== email) await emailInput.fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A Mantine select: type to filter, then pick the option. */
async function choose(page: Page, label: RegExp, typed: string, option: string) {
  const input = page.getByRole('combobox', { name: label }).first();
  await input.click();
  if (typed) await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function navLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation').first();
  await nav.getByRole('link').first().waitFor();
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

describe('the front door, on a fresh start without demo data', () => {
  it('1. the first person signs up, confirms the address from the mail, signs in and creates a brand, landing on the guided start', async () => {
    const { page } = owner;
    await page.goto('/sign-in');
    await page.getByRole('heading', { name: 'Sign in to Rally' }).waitFor();
    await shot(page, '01-sign-in-empty-deployment');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create your Rally account' }).waitFor();
    await page.getByLabel(/^Your name/).fill(OWNER.name);
    await page.getByLabel(/^Email/).fill(OWNER.email);
    await page.getByLabel(/^Password/).fill(OWNER.password);
    await shot(page, '02-sign-up');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByText(`We sent a link to ${OWNER.email}`).waitFor();
    await shot(page, '03-check-email');

    // Not confirmed yet: the password alone does not open the door.
    await page.goto('/sign-in');
    await signIn(page, OWNER.email, OWNER.password);
    await page.getByRole('alert').filter({ hasText: 'Confirm your email address first' }).waitFor();

    const verification = await mailTo(OWNER.email, '/verify-email');
    await page.goto(linkIn(verification, '/verify-email'));
    await page.getByText(`Your address ${OWNER.email} is confirmed.`).waitFor();
    await shot(page, '04-verified');
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.getByText('Your email address is confirmed. Sign in to continue.').waitFor();
    expect(await page.getByLabel(/^Email/).inputValue()).toBe(OWNER.email);
    await signIn(page, OWNER.email, OWNER.password);

    // Signed in with no brand yet: the brand form.
    await page.getByRole('heading', { name: 'Create your brand' }).waitFor({ timeout: 20_000 });
    await page.getByLabel(/^Brand name/).fill(BRAND);
    await choose(page, /^Country/, 'Canada', 'Canada');
    await choose(page, /^Currency/, '', 'CAD');
    await choose(page, /^Time zone/, 'Toronto', 'America/Toronto');
    await page.getByRole('radio', { name: /^Prepaid/ }).check();
    await page.getByRole('radio', { name: 'Brand', exact: true }).check();
    await shot(page, '05-create-brand');
    await page.getByRole('button', { name: 'Create brand' }).click();

    await page.waitForURL(/\/campaign$/, { timeout: 20_000 });
    const guided = page.getByRole('region', { name: `Get ${BRAND} started` });
    await guided.waitFor({ timeout: 20_000 });
    await guided.getByText(/^0 of \d done$/).waitFor();
    await shot(page, '06-guided-start');

    const me = (await (await page.request.get('/api/me')).json()) as {
      user: { email: string };
      brand: { name: string; country: string; currency: string; timeZone: string; paymentPlan: string; kind?: string };
      role: string;
    };
    expect(me.user.email).toBe(OWNER.email);
    expect(me.brand).toMatchObject({ name: BRAND, currency: 'CAD', timeZone: 'America/Toronto' });
    expect(me.role).toBe('owner');
  });

  it('2. the owner invites a teammate as campaign manager, who joins from the mailed link and sees a campaign manager\'s dashboard', async () => {
    const { page } = owner;
    expect(await navLinks(page)).toEqual(expect.arrayContaining(['Campaigns', 'Billing', 'Team']));
    await page.getByRole('navigation').first().getByRole('link', { name: 'Team' }).click();
    await page.getByRole('heading', { name: 'Team', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Invite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a teammate' });
    await dialog.getByLabel(/^Email address/).fill(TEAMMATE.email);
    await dialog.getByRole('combobox', { name: /^Role/ }).click();
    await page.getByRole('option', { name: /^Campaign manager/ }).click();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: TEAMMATE.email }).filter({ hasText: 'Pending' }).waitFor();
    await shot(page, '07-team-invited');

    const invitation = await mailTo(TEAMMATE.email, '/invitations/');
    expect(invitation.text).toContain(BRAND);

    // The teammate, in a browser of their own, has no account yet.
    teammate = await harness.newPage();
    const tm = teammate.page;
    await tm.goto(linkIn(invitation, '/invitations/'));
    await tm.getByRole('heading', { name: `Join ${BRAND}` }).waitFor();
    await tm.getByText(/as Campaign manager/).first().waitFor();
    expect(await tm.getByLabel(/^Email/).inputValue()).toBe(TEAMMATE.email);
    await tm.getByLabel(/^Your name/).fill(TEAMMATE.name);
    await tm.getByLabel(/^Choose a password/).fill(TEAMMATE.password);
    await shot(tm, '08-accept-invitation');
    await tm.getByRole('button', { name: 'Create account and join' }).click();
    await tm.waitForURL(/\/campaign$/, { timeout: 20_000 });

    const me = (await (await tm.request.get('/api/me')).json()) as { brand: { name: string }; role: string; permissions: string[] };
    expect(me.brand.name).toBe(BRAND);
    expect(me.role).toBe('campaign_manager');

    // A campaign manager's navigation: campaigns and missions; the team is there to read, without managing it (no
    // invite, no role to change, no one to remove); billing shows the wallet only, with nothing to pay.
    const nav = await navLinks(tm);
    expect(nav).toEqual(expect.arrayContaining(['Campaigns', 'Missions', 'Team']));
    await shot(tm, '09-campaign-manager-home');
    await tm.getByRole('navigation').first().getByRole('link', { name: 'Team' }).click();
    await tm.getByRole('heading', { name: 'Team', exact: true }).waitFor();
    await tm.getByRole('row').filter({ hasText: OWNER.email }).waitFor();
    expect(await tm.getByRole('button', { name: 'Invite' }).count()).toBe(0);
    expect(await tm.getByRole('combobox', { name: /^Role of/ }).count()).toBe(0);
    expect(await tm.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    await shot(tm, '10-campaign-manager-team');
    if (nav.includes('Billing')) {
      await tm.getByRole('navigation').first().getByRole('link', { name: 'Billing' }).click();
      await tm.getByRole('heading', { name: 'Billing', exact: true }).waitFor();
      await tm.getByTestId('billing-balance').waitFor();
      expect(await tm.getByTestId('billing-top-up').count()).toBe(0);
      await shot(tm, '10b-campaign-manager-billing');
    }

    // They open the campaign builder on a new general campaign.
    await tm.goto('/campaign');
    await tm.getByRole('button', { name: 'New campaign' }).first().click();
    await tm.getByRole('menuitem', { name: 'General', exact: true }).click();
    await tm.waitForURL(/\/campaign\/\d+$/);
    await tm.getByLabel('Campaign name').fill(CAMPAIGN);
    await tm.getByRole('heading', { name: CAMPAIGN }).waitFor({ timeout: 15_000 });
    await tm.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 15_000 });
    await shot(tm, '11-campaign-manager-builder');

    // The owner's team page now lists them.
    await page.reload();
    await page.getByRole('row').filter({ hasText: TEAMMATE.email }).filter({ hasText: 'Campaign manager' }).first().waitFor();
  });

  it('3. the campaign manager builds a campaign, the owner funds the wallet with the sandbox test card, the campaign manager launches it', async () => {
    const tm = teammate!.page;
    const headers = { origin: harness.baseUrl };
    const id = Number(/\/campaign\/(\d+)$/.exec(tm.url())![1]);

    // A fresh brand's mission library is empty: the campaign manager's session adds one shelf check mission and a money
    // reward through the API the builder calls (the builder's own steps are covered by e2e/builder and e2e/rewards).
    const mission = await tm.request.post('/api/v3/mission', { data: { title: 'Cooler placement', type: 'general' }, headers });
    expect(mission.status(), await mission.text()).toBe(201);
    const missionId = ((await mission.json()) as { id: number }).id;
    const item = await tm.request.post(`/api/v3/mission/${missionId}/item/create`, {
      data: { kind: 'field', title: 'Photo of the cooler', data: { fieldType: 'photo', required: true } },
      headers,
    });
    expect(item.status(), await item.text()).toBe(201);
    const added = await tm.request.post(`/api/v3/bundle/${id}/mission`, { data: { missionId }, headers });
    expect(added.status(), await added.text()).toBeLessThan(300);
    const reward = await tm.request.post('/api/reward/write/save-reward', {
      data: { bundleId: id, type: 'money', title: 'Per cooler check', amount: 500, budget: 2_000 },
      headers,
    });
    expect(reward.status(), await reward.text()).toBe(200);

    // The owner adds CA$50.00 to the wallet with the sandbox test card.
    const { page } = owner;
    await page.getByRole('navigation').first().getByRole('link', { name: 'Billing' }).click();
    await page.getByRole('heading', { name: 'Billing', exact: true }).waitFor();
    await page.getByTestId('billing-top-up').click();
    await page.getByTestId('payment-amount').fill('50.00');
    const form = page.getByTestId('payment-form');
    await form.getByTestId('payment-test-mode').waitFor();
    await form.getByTestId('card-number').fill('4242 4242 4242 4242');
    await form.getByTestId('card-expiry').fill('12/39');
    await form.getByTestId('card-cvc').fill('123');
    await form.getByTestId('payment-submit').click();
    await page.getByText('added to the wallet').waitFor({ timeout: 20_000 });
    await shot(page, '12-owner-billing-funded');
    const wallet = async () => ((await (await page.request.get('/api/me')).json()) as { brand: { walletBalance: number } }).brand.walletBalance;
    expect(await wallet()).toBe(5_000);

    // Adding money is billing's (billing:manage): the campaign manager's billing page offers no top-up.
    await tm.goto('/billing');
    await tm.getByRole('heading', { name: 'Billing', exact: true }).waitFor();
    expect(await tm.getByTestId('billing-top-up').count()).toBe(0);

    // The campaign manager launches it, paying the CA$20.00 budget from the wallet the owner funded (wallet:pay),
    // until the budget runs out.
    await tm.goto(`/campaign/${id}`);
    await tm.getByRole('heading', { name: CAMPAIGN }).waitFor();
    await tm.getByTestId('progress-percent').filter({ hasText: '100%' }).waitFor({ timeout: 15_000 });
    await tm.getByRole('button', { name: 'Continue' }).click();
    const dialog = tm.getByRole('dialog', { name: 'Launch campaign now' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByRole('checkbox', { name: /The budget runs out/ }).check();
    await dialog.getByRole('checkbox', { name: /The end date is reached/ }).uncheck();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await shot(tm, '13-campaign-manager-launch-budget');
    await dialog.getByTestId('budget-panel').getByRole('button', { name: 'Pay CA$20.00 from wallet' }).click();
    await dialog.getByTestId('launch-step-reach').waitFor({ timeout: 15_000 });
    await shot(tm, '14-campaign-manager-launch-reach');
    const saved = tm.waitForResponse((r) => r.url().endsWith(`/api/campaign/${id}/status`));
    await dialog.getByRole('button', { name: 'Launch now' }).click();
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(200);
    await tm.getByText('Your campaign has been launched.').waitFor();
    // The owner sees it running.
    await page.goto('/campaign');
    await page.getByRole('row').filter({ hasText: CAMPAIGN }).getByText('Active', { exact: true }).waitFor();
    await shot(page, '15-owner-list-launched');
    expect(await wallet()).toBe(3_000);
  });

  it('4. a forgotten password is reset from the mailed link: the new one signs in, the old one is refused', async () => {
    const { context, page } = await harness.newPage();
    try {
      await page.goto('/sign-in');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
      await page.getByLabel(/^Email/).fill(OWNER.email);
      await page.getByRole('button', { name: 'Email me a link' }).click();
      await page.getByText(`If an account uses ${OWNER.email}, a link to reset its password is on its way.`).waitFor();
      await shot(page, '16-forgot-password');

      const reset = await mailTo(OWNER.email, '/reset-password');
      await page.goto(linkIn(reset, '/reset-password'));
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
      await shot(page, '17-reset-password');
      await page.getByRole('button', { name: 'Set my new password' }).click();
      await page.getByText('Your password is changed. Sign in with the new one.').waitFor();

      await signIn(page, OWNER.email, OWNER.password);
      await page.getByRole('alert').filter({ hasText: 'The email or password is incorrect.' }).waitFor();
      await signIn(page, OWNER.email, NEW_PASSWORD);
      await page.waitForURL(/\/campaign$/, { timeout: 20_000 });
      await page.getByRole('heading', { name: 'Campaigns' }).first().waitFor();
      // Setting a new password ended the owner's other sessions.
      expect((await owner.page.request.get('/api/me')).status()).toBe(401);
    } finally {
      await context.close();
    }
  });

  it('5. the owner sets up single sign-on; a colleague signs in through the OpenID Connect provider and joins the brand', async () => {
    const admin = await harness.newPage();
    const colleague = await harness.newPage();
    try {
      const { page } = admin;
      await page.goto('/sign-in');
      await signIn(page, OWNER.email, NEW_PASSWORD);
      await page.waitForURL(/\/campaign$/, { timeout: 20_000 });
      await page.getByRole('button', { name: `Account menu for ${OWNER.name}` }).click();
      await page.getByRole('menuitem', { name: 'Sign-in security' }).click();
      await page.getByRole('heading', { name: 'Sign-in security' }).first().waitFor();
      await page.getByLabel(/^Issuer URL/).fill(idp.issuer);
      await page.getByLabel(/^Client ID/).fill(idp.clientId);
      await page.getByLabel(/^Client secret/).fill(idp.clientSecret);
      await page.getByLabel(/^Email domains/).fill('acme-drinks.test');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Saved.').waitFor({ timeout: 20_000 });
      await shot(page, '18-owner-sign-in-security');

      // The colleague types an address of the brand's domain: the sign-in page offers single sign-on.
      const tab = colleague.page;
      await tab.goto('/sign-in');
      await tab.getByLabel(/^Email/).fill(SSO_USER);
      await tab.getByRole('button', { name: 'Continue with SSO' }).click();
      // The provider's own (development) login and consent screens.
      await tab.waitForURL((url) => url.origin === idp.issuer, { timeout: 20_000 });
      await tab.locator('input[name=login]').fill(SSO_USER);
      await tab.locator('input[name=password]').fill('any');
      await shot(tab, '19-provider-login');
      await tab.locator('button[type=submit]').click();
      await tab.getByRole('button', { name: 'Continue' }).click();
      await tab.waitForURL((url) => url.origin === harness.baseUrl && url.pathname === '/campaign', { timeout: 30_000 });
      await tab.getByRole('heading', { name: 'Campaigns' }).first().waitFor();
      await shot(tab, '20-sso-signed-in');
      const me = (await (await tab.request.get('/api/me')).json()) as { user: { email: string }; brand: { name: string }; role: string };
      expect(me.user.email).toBe(SSO_USER);
      expect(me.brand.name).toBe(BRAND);
      expect(me.role).toBe('campaign_manager');
    } finally {
      await colleague.context.close();
      await admin.context.close();
    }
  });

  it('6. a retailer signs up and invites Acme to its partner pool; Acme accepts from the mailed link, is picked for a shared contest and takes part', async () => {
    retailer = await harness.newPage();
    const rp = retailer.page;
    const headers = { origin: harness.baseUrl };

    // A second person signs up, confirms the address and creates a retailer.
    await rp.goto('/sign-up');
    await rp.getByRole('heading', { name: 'Create your Rally account' }).waitFor();
    await rp.getByLabel(/^Your name/).fill(RETAILER.name);
    await rp.getByLabel(/^Email/).fill(RETAILER.email);
    await rp.getByLabel(/^Password/).fill(RETAILER.password);
    await rp.getByRole('button', { name: 'Create my account' }).click();
    await rp.getByRole('heading', { name: 'Check your email' }).waitFor();
    const verification = await mailTo(RETAILER.email, '/verify-email');
    await rp.goto(linkIn(verification, '/verify-email'));
    await rp.getByText(`Your address ${RETAILER.email} is confirmed.`).waitFor();
    await rp.getByRole('link', { name: 'Sign in', exact: true }).click();
    await signIn(rp, RETAILER.email, RETAILER.password);
    await rp.getByRole('heading', { name: 'Create your brand' }).waitFor({ timeout: 20_000 });
    await rp.getByLabel(/^Brand name/).fill(RETAILER.brand);
    await choose(rp, /^Country/, 'Canada', 'Canada');
    await choose(rp, /^Currency/, '', 'CAD');
    await choose(rp, /^Time zone/, 'Toronto', 'America/Toronto');
    await rp.getByRole('radio', { name: /^Prepaid/ }).check();
    await rp.getByRole('radio', { name: 'Retailer', exact: true }).check();
    await shot(rp, '21-create-retailer');
    await rp.getByRole('button', { name: 'Create brand' }).click();
    await rp.waitForURL(/\/campaign$/, { timeout: 20_000 });

    // Its partner pool: it invites Acme's owner by email.
    await rp.goto('/partners');
    await rp.getByRole('heading', { name: 'Partners', exact: true }).first().waitFor();
    await rp.getByText('No partners yet. Invite a brand by email.').waitFor();
    await rp.getByRole('button', { name: 'Invite a brand' }).click();
    const inviteDialog = rp.getByRole('dialog', { name: 'Invite a brand to your partner pool' });
    await inviteDialog.getByLabel(/^Email of the brand/).fill(OWNER.email);
    await inviteDialog.getByRole('button', { name: 'Send invitation' }).click();
    await inviteDialog.getByRole('status').filter({ hasText: `Invitation sent to ${OWNER.email}` }).waitFor();
    await inviteDialog.getByRole('button', { name: 'Close' }).first().click();
    await inviteDialog.waitFor({ state: 'detached' });
    await rp.getByRole('row').filter({ hasText: OWNER.email }).filter({ hasText: 'Pending' }).waitFor();
    await shot(rp, '22-retailer-pool-invited');

    const partnerMail = await mail.waitFor((m) => m.to.includes(OWNER.email) && m.text.includes('partnerInvite='), 20_000);
    expect(partnerMail.text).toContain(RETAILER.brand);
    const link = (partnerMail.text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? []).map((u) => new URL(u)).find((u) => u.searchParams.has('partnerInvite'));
    expect(link, partnerMail.text).toBeDefined();

    // Olive (her sessions ended with the password reset in step 4) signs in again and opens the mailed link.
    const { page } = owner;
    await page.goto('/sign-in');
    await signIn(page, OWNER.email, NEW_PASSWORD);
    await page.waitForURL(/\/campaign$/, { timeout: 20_000 });
    await page.goto(`${link!.pathname}${link!.search}${link!.hash}`);
    const answer = page.getByRole('alert').filter({ hasText: 'A partner invitation' });
    await answer.waitFor();
    await shot(page, '23-owner-partner-invitation');
    await answer.getByRole('button', { name: 'Accept', exact: true }).click();
    await page.getByText(`You are now a partner of ${RETAILER.brand}`).waitFor();

    // The retailer's pool shows Acme approved.
    await rp.reload();
    await rp.getByRole('row').filter({ hasText: BRAND }).filter({ hasText: 'Approved' }).waitFor();
    await shot(rp, '24-retailer-pool-approved');

    // The retailer starts a shared contest in the builder.
    await rp.goto('/campaign');
    await rp.getByRole('button', { name: 'New campaign' }).first().click();
    await rp.getByRole('menuitem', { name: /^Shared/ }).click();
    await rp.waitForURL(/\/campaign\/\d+$/);
    const id = Number(/\/campaign\/(\d+)$/.exec(rp.url())![1]);
    await rp.getByLabel('Campaign name').fill(SHARED_CONTEST);
    await rp.getByRole('heading', { name: SHARED_CONTEST }).waitFor({ timeout: 15_000 });
    await rp.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 15_000 });

    // Its mission and reward through the API the builder calls, under the retailer's own session.
    const mission = await rp.request.post('/api/v3/mission', { data: { title: 'Cooler count', type: 'contest' }, headers });
    expect(mission.status(), await mission.text()).toBe(201);
    const missionId = ((await mission.json()) as { id: number }).id;
    const item = await rp.request.post(`/api/v3/mission/${missionId}/item/create`, {
      data: { kind: 'field', title: 'Photo of the cooler', data: { fieldType: 'photo', required: true } },
      headers,
    });
    expect(item.status(), await item.text()).toBe(201);
    const added = await rp.request.post(`/api/v3/bundle/${id}/mission`, {
      data: {
        missionId,
        sharedData: ['TOTAL_SALES', 'LEADER_BOARD'],
        contest: {
          type: 'store',
          displayLeaderboard: true,
          rankLeadersBasedOn: 'numbers_submissions',
          displayLeadersByUserInfo: false,
          displayLeadersByStoreInfo: true,
          displayLeadersByNumberSubmissions: true,
          displayLeadersByTotalSalesAmount: false,
          rulesAndRegulations: { useCustom: false, customUrl: '' },
        },
      },
      headers,
    });
    expect(added.status(), await added.text()).toBeLessThan(300);
    const reward = await rp.request.post('/api/reward/write/save-reward', {
      data: { bundleId: id, type: 'money', title: 'Northwind cash', amount: 500, budget: 2_000 },
      headers,
    });
    expect(reward.status(), await reward.text()).toBe(200);

    // The partner select offers the approved partner: the retailer picks Acme and sends the invite.
    await rp.reload();
    const partnersSection = rp.getByRole('region', { name: 'Partners' });
    await partnersSection.getByRole('button', { name: 'Invite partners' }).click();
    const modal = rp.getByRole('dialog', { name: 'Invite partner brands' });
    await modal.getByRole('checkbox', { name: BRAND }).first().check();
    await shot(rp, '25-retailer-partner-select');
    await modal.getByRole('button', { name: 'Save partners' }).click();
    await modal.waitFor({ state: 'detached' });
    await partnersSection.getByText(BRAND).first().waitFor();
    const send = rp.getByRole('button', { name: 'Send invite' });
    await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
    await send.click();
    await rp.waitForURL((url) => url.pathname === '/campaign', { timeout: 20_000 });

    // Acme sees the campaign invitation and takes part.
    await page.goto('/campaign');
    await page.getByRole('tab', { name: /Invitations/ }).click();
    await page.getByRole('link', { name: SHARED_CONTEST }).click();
    await page.waitForURL(`**/campaign-view/${id}`);
    const invite = page.getByRole('region', { name: 'Your invitation' });
    const accept = invite.getByRole('button', { name: 'Accept', exact: true });
    await expect.poll(() => accept.isEnabled(), { timeout: 15_000 }).toBe(true);
    await shot(page, '26-owner-campaign-invitation');
    await accept.click();
    await page.getByRole('dialog', { name: 'Accept this invitation?' }).getByRole('button', { name: 'Accept', exact: true }).click();
    await page.getByText('Invitation accepted.').waitFor({ timeout: 20_000 });
    await invite.getByText('Ready').waitFor();

    // The retailer's builder shows Acme ready.
    await rp.goto(`/campaign/${id}`);
    await partnersSection.getByText('Ready').waitFor({ timeout: 20_000 });
    await shot(rp, '27-retailer-partner-ready');
  });
});
