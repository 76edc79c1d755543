import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ZPlayCampaignDetail, type TPlayMissionItem } from '@rally/domain';
import { loadEnv } from '../config/env.js';
import { createDatabase } from '../db/client.js';
import { createPlaySession } from '../modules/play/play-session.js';
import { bodyFor, rng } from '../seed/demo-activity.js';

/**
 * `npm run simulate -- --campaign <id> --participants N [--entries 3] [--url http://127.0.0.1:3000]`
 * Drives completions through the real participant API over HTTP: N participants the campaign reaches
 * each read the campaign (GET /api/play/campaigns/{id}) and submit entries to every mission
 * (POST …/completions with an Idempotency-Key). Only their sessions are made in the database (as a
 * sign-in would), so the sign-in rate limit does not cap N; nothing else is written by SQL.
 */
const { values } = parseArgs({
  options: {
    campaign: { type: 'string' },
    participants: { type: 'string', default: '10' },
    entries: { type: 'string', default: '3' },
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    concurrency: { type: 'string', default: '8' },
  },
});
const campaignId = Number(values.campaign);
if (!Number.isInteger(campaignId) || campaignId <= 0) {
  console.error('usage: npm run simulate -- --campaign <id> --participants N [--entries 3] [--url http://127.0.0.1:3000]');
  process.exit(2);
}
const n = Number(values.participants);
const entries = Number(values.entries);
const base = values.url.replace(/\/$/, '');

const env = loadEnv();
const database = createDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
const [campaign] = await database.rows<{ brand_id: string; type: string; scope_type: string; scope_pks: number[]; country_codes: string[] }>(
  sql`select brand_id, type, scope_type, scope_pks, country_codes from campaigns where id = ${campaignId}`,
);
if (!campaign) throw new Error(`no campaign ${campaignId}`);
const pks = `{${campaign.scope_pks.join(',')}}`;
const people =
  campaign.type === 'consumer'
    ? await database.rows<{ id: number }>(sql`select id from consumers where brand_id = ${campaign.brand_id}
        and country_code = any(${`{${campaign.country_codes.join(',')}}`}::text[]) order by id limit ${n}`)
    : await database.rows<{ id: number }>(sql`select u.id from store_users u join stores s on s.id = u.store_id
        where u.brand_id = ${campaign.brand_id} and s.status = 'approved'
          ${campaign.scope_type === 'store' ? sql`and s.id = any(${pks}::int[])` : campaign.scope_type === 'group' ? sql`and s.id in (select store_id from store_group_members where group_id = any(${pks}::int[]))` : sql``}
        order by u.id limit ${n}`);
const kind = campaign.type === 'consumer' ? 'consumer' : 'store_user';
const cookies = await Promise.all(people.map(async (p) => `rally_play_session=${await createPlaySession(database.db, { kind, id: p.id, brandId: campaign.brand_id })}`));
await database.close();
console.log(`${cookies.length} participants reached by campaign ${campaignId}; ${entries} entries each per mission against ${base}`);

const r = rng(Date.now() % 2 ** 31);
const stats = { submitted: 0, byStatus: new Map<number, number>(), unlocked: 0, codes: new Set<string>(), errors: new Map<string, number>() };
const started = Date.now();

async function run(cookie: string) {
  const res = await fetch(`${base}/api/play/campaigns/${campaignId}`, { headers: { cookie } });
  if (!res.ok) {
    stats.errors.set(`detail ${res.status}`, (stats.errors.get(`detail ${res.status}`) ?? 0) + 1);
    return;
  }
  const detail = ZPlayCampaignDetail.parse(await res.json());
  for (const m of detail.missions) {
    // The API never tells a participant the right answer: the simulator answers like a guesser.
    const items = m.items.map((i: TPlayMissionItem) =>
      i.kind === 'question'
        ? { id: i.id, kind: i.kind, data: { options: i.options, correctOptionId: i.options[r.int(0, i.options.length - 1)]?.id } }
        : i.kind === 'field'
          ? { id: i.id, kind: i.kind, data: { fieldType: i.fieldType, required: i.required, choices: i.choices } }
          : { id: i.id, kind: i.kind, data: {} },
    );
    for (let e = 0; e < entries; e++) {
      const body = bodyFor(m.submissionKind, items, r);
      const sub = await fetch(`${base}/api/play/campaigns/${campaignId}/missions/${m.campaignMissionId}/completions`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', 'idempotency-key': `sim-${randomUUID()}` },
        body: JSON.stringify(body),
      });
      stats.submitted++;
      stats.byStatus.set(sub.status, (stats.byStatus.get(sub.status) ?? 0) + 1);
      const json = (await sub.json()) as { unlocked?: { code: string | null }[]; error?: { code: string } };
      if (json.error) stats.errors.set(json.error.code, (stats.errors.get(json.error.code) ?? 0) + 1);
      for (const u of json.unlocked ?? []) {
        stats.unlocked++;
        if (u.code) stats.codes.add(u.code);
      }
      if (json.error?.code === 'NO_ENTRIES_LEFT' || json.error?.code === 'CAMPAIGN_NOT_ACTIVE') break;
    }
  }
}

const queue = [...cookies];
await Promise.all(
  Array.from({ length: Math.min(Number(values.concurrency), queue.length) }, async () => {
    for (let c = queue.shift(); c; c = queue.shift()) await run(c);
  }),
);
const secs = (Date.now() - started) / 1000;
console.log(
  JSON.stringify(
    {
      submitted: stats.submitted,
      statuses: Object.fromEntries(stats.byStatus),
      unlocked: stats.unlocked,
      distinctCodes: stats.codes.size,
      errors: Object.fromEntries(stats.errors),
      seconds: secs,
      perSecond: Math.round(stats.submitted / secs),
    },
    null,
    2,
  ),
);
