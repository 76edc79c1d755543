import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_REQUEST_HEADER, ERROR_CODES, MEMBER_ROLES, hasPermission, type TMemberRole, type TPermission } from '@rally/domain';
import { mediaFiles, missionItems } from '../db/schema/index.js';
import { DEMO_PASSWORD, insertMember, insertPasswordUser } from '../seed/demo-accounts.js';
import { factories } from '../testing/factories.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { isBrandPermission } from '../plugins/route-access.js';
import { apiRoutes, fillPath, sampleOf, type ApiRoute } from './openapi-routes.js';

/**
 * Every route × every role. Each /api route that declares a brand permission (the OpenAPI document's
 * x-rally-permission, from the route's config.permission) is called by a member of each role of one brand, with that
 * brand's own ids: a role the permission table (packages/domain/src/auth/permissions.ts) does not give the
 * permission gets exactly 403 FORBIDDEN and nothing of the brand changes; a role that has it is never refused with
 * 403. New routes are covered without being listed.
 */

let t: TestApp;
let routes: ApiRoute[];
let brand: string;
const cookies = {} as Record<TMemberRole, string>;
let owned: { campaign: number; mission: number; item: number; campaignMission: number; reward: number; media: string; store: number };

/** The brand's row a path, query or body id of this name stands for. */
function idFor(route: ApiRoute, name: string): number | string | undefined {
  const library = route.path.startsWith('/api/v3/mission/');
  switch (name) {
    case 'itemId':
      return owned.item;
    case 'rewardId':
    case 'unlockId':
      return owned.reward;
    case 'missionId':
    case 'campaignMissionId':
      return owned.campaignMission;
    case 'bundleId':
    case 'campaignId':
      return owned.campaign;
    case 'storeId':
      return owned.store;
    case 'id':
      if (route.path.startsWith('/api/v3/media/')) return owned.media;
      if (route.path.startsWith('/api/store/')) return owned.store;
      if (route.path.includes('/reward/') && !route.path.includes('/bundle/')) return owned.reward;
      return library ? owned.mission : owned.campaign;
    default:
      return undefined;
  }
}

interface Call {
  method: string;
  url: string;
  payload?: object;
}

function callFor(route: ApiRoute): Call {
  const params: Record<string, unknown> = {};
  for (const p of route.params) params[p.name] = idFor(route, p.name) ?? sampleOf(p.schema);
  const query = new URLSearchParams();
  for (const q of route.query) {
    const id = idFor(route, q.name);
    if (id !== undefined) query.set(q.name, String(id));
    else if (q.required) query.set(q.name, String(sampleOf(q.schema)));
  }
  const qs = query.toString();
  const call: Call = { method: route.method, url: fillPath(route.path, params) + (qs ? `?${qs}` : '') };
  if (route.method !== 'GET' && route.method !== 'HEAD' && !route.upload) {
    const body = (sampleOf(route.body) ?? {}) as Record<string, unknown>;
    for (const key of Object.keys(route.body?.properties ?? {})) {
      const id = key === 'id' && route.path.includes('save-reward') ? owned.reward : idFor(route, key);
      if (id !== undefined && key in body) body[key] = id;
    }
    call.payload = body;
  }
  return call;
}

async function send(call: Call, role: TMemberRole) {
  return t.app.inject({
    method: call.method as 'GET',
    url: call.url,
    headers: { cookie: cookies[role], [APP_REQUEST_HEADER]: '1', 'idempotency-key': randomUUID() },
    ...(call.payload === undefined ? {} : { payload: call.payload }),
  });
}

/** Every row of the brand: each table with a brand_id (or better-auth's organization_id), and the brand itself. */
async function brandRows(): Promise<Record<string, unknown[]>> {
  const db = t.database.db;
  const rowsOf = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
  const tables = (await rowsOf(
    sql`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = 'public' and column_name in ('brand_id', 'organization_id') order by table_name`,
  )) as { table: string; column: string }[];
  const out: Record<string, unknown[]> = { brands: await rowsOf(sql`select * from brands where id = ${brand}`) };
  for (const { table, column } of tables) {
    out[table] = await rowsOf(sql`select * from ${sql.identifier(table)} where ${sql.identifier(column)} = ${brand} order by 1`);
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp({ env: { SIGN_IN_RATE_LIMIT: '1000000' } });
  routes = (await apiRoutes(t.app)).filter((r) => isBrandPermission(r.permission));
  // A retailer's brand: it has every feature a brand has, and a partner pool besides.
  brand = t.brandIds.retailer;
  const db = t.database.db;
  const f = factories(db);
  // One member of each role in the demo retailer's brand (the owner is the demo's own).
  cookies.owner = await t.signIn('retailer@retail.test');
  for (const role of MEMBER_ROLES.filter((r) => r !== 'owner')) {
    const email = `${role.replace('_', '-')}@roles.test`;
    await insertMember(db, brand, await insertPasswordUser(db, email, `A ${role}`, DEMO_PASSWORD), role);
    cookies[role] = await t.signIn(email);
  }
  const campaign = await f.campaign(brand, { type: 'learning', name: 'Roles campaign' });
  const mission = await f.mission(brand, { type: 'learning', title: 'Roles mission' }, 2);
  const [item] = await db.select().from(missionItems).where(eq(missionItems.missionId, mission.id));
  const campaignMission = await f.campaignMission(brand, campaign.id, mission.id);
  const reward = await f.reward(brand, campaign.id);
  const store = await f.store(brand, { name: 'Roles store' });
  const media = randomUUID();
  await db.insert(mediaFiles).values({
    id: media,
    brandId: brand,
    fileType: 'image',
    mimeType: 'image/png',
    fileName: 'roles.png',
    title: 'Roles image',
    sizeBytes: 10,
    storageKey: `${brand}/${media}.png`,
  });
  owned = { campaign: campaign.id, mission: mission.id, item: item!.id, campaignMission: campaignMission.id, reward: reward.id, media, store: store.id };
}, 120_000);
afterAll(async () => t?.close());

describe('every route × every role', () => {
  it('reads every brand route’s permission from its declaration, and each role signs in to the same brand', async () => {
    expect(routes.length).toBeGreaterThan(80);
    for (const role of MEMBER_ROLES) {
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookies[role] } });
      expect(me.json()).toMatchObject({ role, brand: { id: brand } });
    }
  });

  it('answers exactly 403 FORBIDDEN to every role without the route’s permission, and changes nothing of the brand', async () => {
    const before = await brandRows();
    const wrong: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const call = callFor(route);
      for (const role of MEMBER_ROLES.filter((r) => !hasPermission(r, route.permission as TPermission))) {
        const res = await send(call, role);
        calls += 1;
        const code = res.statusCode === 403 ? (res.json() as { error?: { code?: string } }).error?.code : undefined;
        if (res.statusCode !== 403 || code !== ERROR_CODES.forbidden) {
          wrong.push(`${call.method} ${call.url} (${route.permission}) as ${role}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    // The five roles differ on 26 of the table's permissions: most write routes refuse someone.
    expect(calls).toBeGreaterThan(100);
    expect(wrong, wrong.join('\n')).toEqual([]);
    expect(await brandRows()).toEqual(before);
  }, 300_000);

  it('never answers 403 (nor 401) to a role that has the route’s permission', async () => {
    const wrong: string[] = [];
    let calls = 0;
    // Reads first, then writes, the owner last: a delete of the brand's campaign comes after the calls that use it.
    const ordered = [...routes].sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'));
    for (const role of [...MEMBER_ROLES].reverse()) {
      for (const route of ordered) {
        if (!hasPermission(role, route.permission as TPermission)) continue;
        const call = callFor(route);
        const res = await send(call, role);
        calls += 1;
        // 401 too: a session that stopped working would pass as "not refused".
        if (res.statusCode === 403 || res.statusCode === 401) wrong.push(`${call.method} ${call.url} (${route.permission}) as ${role}: ${res.body.slice(0, 200)}`);
      }
    }
    expect(calls).toBeGreaterThan(250);
    expect(wrong, wrong.join('\n')).toEqual([]);
  }, 300_000);
});
