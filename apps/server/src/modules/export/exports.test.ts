import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { ZDataExport, ZDataExportList, ZErrorBody, type TDataExport } from '@rally/domain';
import { completions, consumers, dataExports } from '../../db/schema/index.js';
import { factories } from '../../testing/factories.js';
import { startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { signExportLink } from './export-link.js';
import { EXPORT_JOB } from './start-export.js';

const SECRET = 'export-test-secret-0123456789abcdef0123456789';
let t: TestApp;
let mail: SmtpCapture;
let dataDir: string;
let owner: string;
let retailer: string;
let brand: string;
let storeId: number;
let campaignId: number;

beforeAll(async () => {
  mail = await startSmtpCapture();
  dataDir = mkdtempSync(path.join(tmpdir(), 'rally-exports-'));
  t = await createTestApp({ env: { SMTP_URL: mail.url, AUTH_SECRET: SECRET, DATA_DIR: dataDir } });
  owner = await t.signIn('owner@brand.test');
  retailer = await t.signIn('retailer@retail.test');
  brand = t.brandIds.owner;
  const f = factories(t.database.db);
  const store = await f.store(brand, { name: '=HYPERLINK("http://evil.test","Click me")', refId: '+SUM(1)' });
  storeId = store.id;
  const user = await f.storeUser(brand, store.id, { name: '@Dana', email: 'dana@store.test' });
  const campaign = await f.campaign(brand, { name: 'Spring push' });
  campaignId = campaign.id;
  const mission = await f.mission(brand, { title: '-Sell more' });
  const cm = await f.campaignMission(brand, campaign.id, mission.id);
  // 2026-07-01 03:30 UTC is 2026-07-01 12:30 in Tokyo and 2026-06-30 23:30 in New York.
  await t.database.db.insert(completions).values([
    { brandId: brand, campaignId: campaign.id, campaignMissionId: cm.id, storeUserId: user.id, storeId: store.id, salesAmountCents: 1250, createdAt: new Date('2026-07-01T03:30:00Z') },
    { brandId: brand, campaignId: campaign.id, campaignMissionId: cm.id, storeUserId: user.id, storeId: store.id, salesAmountCents: 99, createdAt: new Date('2026-07-02T03:30:00Z') },
  ]);
  const reward = await f.reward(brand, campaign.id, { type: 'discount', title: 'Ten off' });
  await f.codes(brand, reward.id, 3, 'TEN');
  await t.database.rows(sql`update reward_codes set issued_at = '2026-07-01T03:30:00Z', issued_to_store_user_id = ${user.id}
    where id = (select min(id) from reward_codes where reward_id = ${reward.id})`);
}, 60_000);
afterAll(async () => {
  await t.close();
  await mail.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

async function startAndFinish(url: string, payload: object, cookie = owner): Promise<TDataExport> {
  const res = await post(cookie, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  const started = ZDataExport.parse(res.json());
  expect(['queued', 'running', 'done']).toContain(started.status);
  await t.app.jobs.drain();
  return ZDataExport.parse((await get(cookie, `/api/exports/${started.id}`)).json());
}

function downloadPath(link: string) {
  const u = new URL(link, 'http://localhost:3000');
  return u.pathname + u.search;
}

describe('exports by email', () => {
  it('exports completions as CSV with times in the requested zone, formula cells made inert, and mails the link', async () => {
    const done = await startAndFinish('/api/v4/bundle/export-brand-completions', { timeZone: 'Asia/Tokyo', filters: { campaignId } });
    expect(done).toMatchObject({ status: 'done', rowsDone: 2, rowsTotal: 2, kind: 'completions', format: 'csv' });
    expect(done.downloadUrl).toBeTruthy();
    const letter = await mail.waitFor((m) => m.subject.includes('completions') && m.text.includes(done.id));
    expect(letter.to).toEqual(['owner@brand.test']);
    expect(letter.html).toContain('Download the export');
    const link = /https?:\/\/\S+\/api\/exports\/\S+/.exec(letter.text)![0];
    const file = await t.app.inject({ method: 'GET', url: downloadPath(link) });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    const lines = file.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toContain('Submitted (Asia/Tokyo)');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('2026-07-01 12:30');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"",""Click me"")"`);
    expect(lines[1]).toContain("'+SUM(1)");
    expect(lines[1]).toContain("'@Dana");
    expect(lines[1]).toContain("'-Sell more");
    expect(lines[1]).toContain(',12.5,');
    // No cell of the file starts with a formula character.
    for (const line of lines.slice(1)) for (const cell of line.split(',')) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+@\t\r]/);
  });

  it('defaults the zone to America/New_York and filters by day in that zone', async () => {
    const done = await startAndFinish('/api/v4/bundle/export-brand-completions', { filters: { campaignId, from: '2026-06-30', to: '2026-06-30' } });
    expect(done).toMatchObject({ status: 'done', rowsDone: 1, timeZone: 'America/New_York' });
    const file = await t.app.inject({ method: 'GET', url: done.downloadUrl! });
    expect(file.body).toContain('2026-06-30 23:30');
  });

  it('names the consumer of a consumer’s completion, and the store user of a store user’s one', async () => {
    const f = factories(t.database.db);
    const campaign = await f.campaign(brand, { name: 'Consumer push', type: 'consumer' });
    const cm = await f.campaignMission(brand, campaign.id, (await f.mission(brand, { title: 'Try it' })).id);
    const [consumer] = await t.database.db.insert(consumers).values({ brandId: brand, name: 'Cora Consumer', email: 'cora@buyer.test', countryCode: 'FR' }).returning();
    const staff = await f.storeUser(brand, storeId, { name: 'Stan Staff', email: 'stan@store.test' });
    await t.database.db.insert(completions).values([
      { brandId: brand, campaignId: campaign.id, campaignMissionId: cm.id, consumerId: consumer!.id },
      { brandId: brand, campaignId: campaign.id, campaignMissionId: cm.id, storeUserId: staff.id, storeId },
    ]);
    const done = await startAndFinish('/api/v4/bundle/export-brand-completions', { filters: { campaignId: campaign.id } });
    expect(done).toMatchObject({ status: 'done', rowsDone: 2 });
    const lines = (await t.app.inject({ method: 'GET', url: done.downloadUrl! })).body.trim().split('\n');
    expect(lines[1]).toContain(',Cora Consumer,cora@buyer.test,,,');
    expect(lines[2]).toContain(',Stan Staff,stan@store.test,');
  });

  it('exports issued and unissued codes as XLSX with who got which', async () => {
    const done = await startAndFinish('/api/v4/bundle/export-brand-codes', { format: 'xlsx', timeZone: 'UTC', filters: { campaignId } });
    expect(done).toMatchObject({ status: 'done', rowsDone: 3, format: 'xlsx' });
    const file = await t.app.inject({ method: 'GET', url: done.downloadUrl! });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows).toHaveLength(4);
    const issued = rows.find((r) => r.includes('issued'))!;
    expect(issued).toEqual(expect.arrayContaining(['2026-07-01 03:30', "'@Dana", 'dana@store.test', `'=HYPERLINK("http://evil.test","Click me")`]));
    expect(rows.filter((r) => r.includes('unissued'))).toHaveLength(2);
  });

  it('exports stores, with the store named =HYPERLINK(…) inert', async () => {
    const done = await startAndFinish('/api/report/write/export/export/stores', { filters: { filter: 'HYPERLINK' } });
    expect(done).toMatchObject({ status: 'done', rowsDone: 1, kind: 'stores' });
    const file = await t.app.inject({ method: 'GET', url: done.downloadUrl! });
    expect(file.body).toContain(`${storeId},"'=HYPERLINK(`);
  });

  it('lists the brand’s exports with progress and nothing of another brand', async () => {
    const mine = ZDataExportList.parse((await get(owner, '/api/exports?perPage=50')).json());
    expect(mine.items.length).toBeGreaterThanOrEqual(4);
    expect(mine.items.every((e) => e.status === 'done' && e.rowsDone === e.rowsTotal)).toBe(true);
    const theirs = ZDataExportList.parse((await get(retailer, '/api/exports')).json());
    expect(theirs.items.map((e) => e.id)).not.toContain(mine.items[0]!.id);
  });

  it('answers 404 for another brand’s export, to read or to cancel', async () => {
    const mine = ZDataExportList.parse((await get(owner, '/api/exports')).json()).items[0]!;
    expect((await get(retailer, `/api/exports/${mine.id}`)).statusCode).toBe(404);
    const cancel = await post(retailer, `/api/exports/${mine.id}/cancel`, {});
    expect(cancel.statusCode).toBe(404);
    expect(ZErrorBody.parse(cancel.json()).error.code).toBe('NOT_FOUND');
  });

  it('refuses a link whose signature was altered (404) and one whose time is up (410)', async () => {
    const done = ZDataExportList.parse((await get(owner, '/api/exports')).json()).items[0]!;
    const u = new URL(done.downloadUrl!, 'http://x');
    const expires = Number(u.searchParams.get('expires'));
    const longer = await t.app.inject({ method: 'GET', url: `/api/exports/${done.id}/download?expires=${expires + 3600}&signature=${u.searchParams.get('signature')}` });
    expect(longer.statusCode).toBe(404);
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await t.app.inject({ method: 'GET', url: `/api/exports/${done.id}/download?expires=${past}&signature=${signExportLink(SECRET, done.id, past)}` });
    expect(expired.statusCode).toBe(410);
    expect(ZErrorBody.parse(expired.json()).error.code).toBe('LINK_EXPIRED');
    // Once the export's time is up the list offers no link either.
    await t.database.rows(sql`update data_exports set expires_at = now() - interval '1 minute' where id = ${done.id}`);
    const again = ZDataExport.parse((await get(owner, `/api/exports/${done.id}`)).json());
    expect(again.downloadUrl).toBeNull();
  });

  it('cancels an export: the job then writes nothing and mails nothing', async () => {
    const before = mail.messages.length;
    // Queued but not yet sent to the queue, so the cancel surely comes first whichever engine runs jobs.
    const id = randomUUID();
    await t.database.db.insert(dataExports).values({ id, brandId: brand, kind: 'completions', email: 'owner@brand.test', userName: 'Olivia', timeZone: 'UTC' });
    const cancelled = await post(owner, `/api/exports/${id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(ZDataExport.parse(cancelled.json()).status).toBe('cancelled');
    await t.app.jobs.send(EXPORT_JOB, { exportId: id });
    await t.app.jobs.drain();
    const after = ZDataExport.parse((await get(owner, `/api/exports/${id}`)).json());
    expect(after).toMatchObject({ status: 'cancelled', downloadUrl: null, rowsDone: 0 });
    expect(existsSync(path.join(dataDir, 'exports', brand, `${id}.csv`))).toBe(false);
    expect(mail.messages.slice(before).some((m) => m.text.includes(id))).toBe(false);
    // A finished export cannot be cancelled.
    const done = ZDataExportList.parse((await get(owner, '/api/exports?perPage=50')).json()).items.find((e) => e.status === 'done')!;
    expect((await post(owner, `/api/exports/${done.id}/cancel`, {})).statusCode).toBe(409);
  });

  it('shows a failed export as failed, with its reason', async () => {
    // The retailer brand's export folder is a file: the job cannot write there.
    mkdirSync(path.join(dataDir, 'exports'), { recursive: true });
    writeFileSync(path.join(dataDir, 'exports', t.brandIds.retailer), 'not a folder');
    const failed = await startAndFinish('/api/report/write/export/export/stores', {}, retailer);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBeTruthy();
    expect(failed.downloadUrl).toBeNull();
  });

  it('lets only owners and admins export (a member gets 403) and sends links only to members of the brand', async () => {
    const member = await t.signIn('owner@brand.test');
    expect((await post(member, '/api/me/brand', { brandId: t.brandIds.outlet })).statusCode).toBe(200);
    const refused = await post(member, '/api/v4/bundle/export-brand-codes', { role: 'owner' });
    expect(refused.statusCode).toBe(403);
    expect((await get(member, '/api/exports')).statusCode).toBe(403);
    const stranger = await post(owner, '/api/v4/bundle/export-brand-codes', { email: 'someone@else.test' });
    expect(stranger.statusCode).toBe(400);
    expect(ZErrorBody.parse(stranger.json()).error.fields.map((f) => f.path)).toContain('email');
    const zone = await post(owner, '/api/v4/bundle/export-brand-codes', { timeZone: 'Mars/Olympus' });
    expect(ZErrorBody.parse(zone.json()).error.fields.map((f) => f.path)).toContain('timeZone');
    const who = await post(owner, '/api/v4/bundle/export-brand-codes', { clientUserId: 'somebody-else' });
    expect(ZErrorBody.parse(who.json()).error.fields.map((f) => f.path)).toContain('clientUserId');
  });
});
