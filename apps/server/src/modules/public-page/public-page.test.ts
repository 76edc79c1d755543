import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_REQUEST_HEADER, ZErrorBody, type TContestSettings } from '@rally/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { factories } from '../../testing/factories.js';
import { startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture.js';
import { playCookie, runningCampaign, submit } from '../../testing/engine-kit.js';

let t: TestApp;
let mail: SmtpCapture;
beforeAll(async () => {
  mail = await startSmtpCapture();
  t = await createTestApp({ env: { SMTP_URL: mail.url } });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});
const db = () => t.database.db;
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** A running consumer campaign in FR and US with a 20 % code reward (3 codes) and a prize. */
async function consumerCampaign() {
  const k = await runningCampaign(db(), t.brandIds.owner, { type: 'consumer', items: 'fields' });
  await db().execute(sql`update campaigns set name = 'Summer <selfie>', country_codes = '{FR,US}', time_zone = 'Europe/Paris',
    end_date = '2030-07-14T20:00:00Z' where id = ${k.campaign.id}`);
  const code = await k.reward({ type: 'discount', title: 'Twenty off', percentageDiscount: 20, completionsToUnlock: 1, maxPerUser: 1 });
  await k.codes(code.id, 3);
  await k.reward({ type: 'prize', title: 'A year of drinks', valueCents: 60_000, totalAvailable: 2 });
  return k;
}

const put = (cookie: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/public-page/settings', headers: { cookie, [APP_REQUEST_HEADER]: '1' }, payload });

/** A running staff contest ranking by entries, with names shown by its own settings: Grace (2 entries) above Daniel (1). */
async function staffContest() {
  const contest: TContestSettings = {
    type: 'user',
    displayLeaderboard: true,
    rankLeadersBasedOn: 'numbers_submissions',
    displayLeadersByUserInfo: true,
    displayLeadersByStoreInfo: true,
    displayLeadersByNumberSubmissions: true,
    displayLeadersByTotalSalesAmount: false,
    rulesAndRegulations: { useCustom: false, customUrl: '' },
  };
  const k = await runningCampaign(db(), t.brandIds.owner, { type: 'contest', campaignMission: { contest }, participants: 2 });
  await db().execute(sql`update stores set name = 'Maple Street' where id = ${k.store.id}`);
  await db().execute(sql`update store_users set name = case id when ${k.users[0]!.id} then 'Daniel Brown' else 'Grace Ann Martin' end where id in (${k.users[0]!.id}, ${k.users[1]!.id})`);
  const [daniel, grace] = await Promise.all(k.users.map((u) => playCookie(db(), t.brandIds.owner, u.id)));
  for (const c of [daniel!, grace!, grace!]) expect((await submit(t.app, c, k.campaign.id, k.cm.id, { kind: 'contest' })).statusCode).toBe(201);
  return k;
}

describe('public campaign page', () => {
  it('shows name, missions and rewards with codes left and the end date, with share previews, escaped', async () => {
    const k = await consumerCampaign();
    const res = await get(`/campaign/${k.campaign.publicUid}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<h1>Summer &lt;selfie&gt;</h1>');
    expect(html).not.toContain('<selfie>');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('20% off');
    expect(html).toContain('3 of 3 left');
    expect(html).toContain('2 to win');
    expect(html).toContain('Prize worth $600');
    expect(html).toContain('Test mission');
    // The end date in the campaign's zone, with an ISO instant the script shows in the visitor's zone.
    expect(html).toMatch(/<time datetime="2030-07-14T20:00:00.000Z" data-local="datetime">July 14, 2030 at 10:00\sPM GMT\+2<\/time>/);
    expect(html).toContain('<meta property="og:title" content="Summer &lt;selfie&gt; — ');
    expect(html).toContain(`<meta property="og:url" content="http://localhost:3000/campaign/${k.campaign.publicUid}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    // The take-part form offers the campaign's countries.
    expect(html).toMatch(/<select id="rally-country"[^>]*><option value="FR">France<\/option><option value="US">United States<\/option>/);
  });

  it('speaks the visitor\'s language from Accept-Language: es, fr, and English otherwise', async () => {
    const k = await consumerCampaign();
    const es = await get(`/campaign/${k.campaign.publicUid}`, { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(es.body).toContain('<html lang="es">');
    expect(es.body).toContain('Lo que obtienes');
    expect(es.body).toContain('Quedan 3 de 3');
    expect(es.body).toMatch(/14 de julio de 2030/);
    expect(es.headers['content-language']).toBe('es');
    const fr = await get(`/campaign/${k.campaign.publicUid}/embed`, { 'accept-language': 'de;q=1, fr-CA;q=0.8' });
    expect(fr.body).toContain('<html lang="fr">');
    expect(fr.body).toContain('Ce que vous obtenez');
    expect(fr.body).toContain('14 juillet 2030');
    const de = await get(`/campaign/${k.campaign.publicUid}`, { 'accept-language': 'de-DE' });
    expect(de.body).toContain('What you get');
  });

  it('answers a proper 404 page for an unknown uid and an unlaunched campaign, and an ended campaign says it ended', async () => {
    const f = factories(db());
    const draft = await f.campaign(t.brandIds.owner, { type: 'consumer', status: 'draft' });
    const scheduled = await f.campaign(t.brandIds.owner, { type: 'consumer', status: 'scheduled' });
    for (const uid of ['abcdefghijkl', draft.publicUid, scheduled.publicUid]) {
      for (const url of [`/campaign/${uid}`, `/campaign/${uid}/embed`]) {
        const res = await get(url, { 'accept-language': 'fr' });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toContain('<h1>Campagne introuvable</h1>');
        expect(res.body).toContain('<meta name="robots" content="noindex">');
      }
    }
    const ended = await f.campaign(t.brandIds.owner, { type: 'consumer', status: 'ended', name: 'Old vote', endDate: new Date('2024-03-01T12:00:00Z') });
    const res = await get(`/campaign/${ended.publicUid}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/This campaign ended on <time[^>]*>March 1, 2024<\/time>/);
    expect(res.body).not.toContain('id="rally-join"');
  });

  it('leaves the dashboard\'s /campaign routes alone: numeric ids and report paths are not public pages', async () => {
    const k = await consumerCampaign();
    for (const url of [`/campaign/${k.campaign.id}`, `/campaign/report/${k.campaign.id}`, '/campaign', '/campaign/12345678901']) {
      const res = await get(url);
      // Tests serve no web build, so a path that is not a public page is the API's JSON 404 (the SPA in production).
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('shows the leaderboard of a contest that displays one, naming nobody by default', async () => {
    const k = await staffContest();
    const html = (await get(`/campaign/${k.campaign.publicUid}`)).body;
    expect(html).toContain('<h2 id="leaderboard-h">Leaderboard</h2>');
    // Ranks and entries only: no participant or store column, and no name anywhere in the page.
    expect(html).toMatch(/<thead><tr><th scope="col">Rank<\/th><th scope="col" class="num">Entries<\/th><\/tr><\/thead>/);
    expect(html).toMatch(/<tr><td>1<\/td><td class="num">2<\/td><\/tr><tr><td>2<\/td><td class="num">1<\/td><\/tr>/);
    for (const name of ['Grace', 'Martin', 'Daniel', 'Brown', 'Maple Street']) expect(html).not.toContain(name);
    expect(html).not.toContain('id="rally-join"');
  });

  it("names participants by first name and initial, or stores, only as the brand chose, for the brand's pages only", async () => {
    const k = await staffContest();
    const page = async () => (await get(`/campaign/${k.campaign.publicUid}`)).body;
    const owner = await t.signIn('owner@brand.test');

    expect((await put(owner, { leaderboardNames: 'initials' })).json()).toEqual({ leaderboardNames: 'initials' });
    let html = await page();
    expect(html).toMatch(/<tr><td>1<\/td><td>Grace M\.<\/td><td class="num">2<\/td><\/tr><tr><td>2<\/td><td>Daniel B\.<\/td><td class="num">1<\/td><\/tr>/);
    for (const hidden of ['Martin', 'Brown', 'Maple Street']) expect(html).not.toContain(hidden);

    expect((await put(owner, { leaderboardNames: 'stores' })).statusCode).toBe(200);
    html = await page();
    expect(html).toMatch(/<tr><td>1<\/td><td>Maple Street<\/td><td class="num">2<\/td><\/tr>/);
    for (const hidden of ['Grace', 'Daniel']) expect(html).not.toContain(hidden);

    // Another brand's choice says nothing about this brand's pages.
    const retailer = await t.signIn('retailer@retail.test');
    expect((await put(retailer, { leaderboardNames: 'initials' })).statusCode).toBe(200);
    expect(await page()).not.toContain('Grace');

    expect((await put(owner, { leaderboardNames: 'none' })).statusCode).toBe(200);
    expect(await page()).not.toContain('Maple Street');
    const settings = await t.app.inject({ method: 'GET', url: '/api/public-page/settings', headers: { cookie: owner } });
    expect(settings.json()).toEqual({ leaderboardNames: 'none' });
  });

  it('lets only owners and admins change the setting, and names a wrong value', async () => {
    const owner = await t.signIn('owner@brand.test');
    const wrong = await put(owner, { leaderboardNames: 'full-names' });
    expect(wrong.statusCode).toBe(400);
    expect(ZErrorBody.parse(wrong.json()).error.fields.map((f) => f.path)).toContain('leaderboardNames');
    const member = await t.signIn('owner@brand.test');
    expect((await t.app.inject({ method: 'POST', url: '/api/me/brand', headers: { cookie: member }, payload: { brandId: t.brandIds.outlet } })).statusCode).toBe(200);
    expect((await put(member, { leaderboardNames: 'initials' })).statusCode).toBe(403);
    // A member may still read it (the builder shows it).
    expect((await t.app.inject({ method: 'GET', url: '/api/public-page/settings', headers: { cookie: member } })).json()).toEqual({ leaderboardNames: 'none' });
  });
});

describe('frames', () => {
  it('only /campaign/{uid}/embed may be framed by other sites; every other route refuses frames', async () => {
    const k = await consumerCampaign();
    const embed = await get(`/campaign/${k.campaign.publicUid}/embed`);
    expect(embed.headers['content-security-policy']).toMatch(/frame-ancestors \*/);
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(embed.body).toContain('<body class="embed">');
    expect((await get('/campaign/abcdefghijkl/embed')).headers['content-security-policy']).toMatch(/frame-ancestors \*/);
    for (const url of [`/campaign/${k.campaign.publicUid}`, '/campaign/abcdefghijkl', '/api/health', '/api/me', '/unsubscribe/promote?t=x', '/play', `/campaign/${k.campaign.publicUid}/embed/x`]) {
      const res = await get(url);
      expect(res.headers['content-security-policy'], url).toMatch(/frame-ancestors 'self'/);
      expect(res.headers['content-security-policy'], url).not.toMatch(/frame-ancestors \*/);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });
});

describe('taking part from the public page', () => {
  it('a consumer signs in with an emailed code inside the frame, completes the mission, gets a code on screen and by mail', async () => {
    const k = await consumerCampaign();
    const email = 'lea@consumer.test';
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/play/auth/request-code',
      payload: { email, join: { campaignUid: k.campaign.publicUid, name: 'Léa', countryCode: 'FR' } },
    });
    expect(asked.statusCode).toBe(200);
    const signInMail = await mail.waitFor((m) => m.to.includes(email));
    const code = /(\d{6})/.exec(signInMail.text)![1]!;
    const verified = await t.app.inject({ method: 'POST', url: '/api/play/auth/verify-code?framed=1', payload: { email, code } });
    expect(verified.statusCode).toBe(200);
    // Inside another site's frame a Lax cookie would never come back: this one is partitioned and SameSite=None.
    const setCookie = String(verified.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly; SameSite=None; Secure; Partitioned/);
    const cookie = setCookie.split(';')[0]!;
    const [shelf] = k.itemIds;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/play/campaigns/${k.campaign.id}/missions/${k.cm.id}/completions`,
      headers: { cookie, 'idempotency-key': 'public-page-1', 'accept-language': 'fr-FR' },
      payload: { kind: 'general', answers: [{ itemId: shelf!, value: 4 }] },
    });
    expect(res.statusCode).toBe(201);
    const issued = res.json().unlocked.find((u: { code: string | null }) => u.code)?.code as string;
    expect(issued).toMatch(/^CODE-/);
    const codeMail = await mail.waitFor((m) => m.to.includes(email) && m.text.includes(issued));
    expect(codeMail.subject).toBe('Votre code pour Summer <selfie>');
    expect(codeMail.html).toContain(issued);
    // The page counts the issued code.
    expect((await get(`/campaign/${k.campaign.publicUid}`)).body).toContain('2 of 3 left');
    // A replayed submit mails nothing more.
    await t.app.inject({
      method: 'POST',
      url: `/api/play/campaigns/${k.campaign.id}/missions/${k.cm.id}/completions`,
      headers: { cookie, 'idempotency-key': 'public-page-1' },
      payload: { kind: 'general', answers: [{ itemId: shelf!, value: 4 }] },
    });
    await t.app.jobs.drain();
    expect(mail.messages.filter((m) => m.to.includes(email) && m.text.includes(issued))).toHaveLength(1);
  });
});
