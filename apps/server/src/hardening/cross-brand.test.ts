import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, APP_REQUEST_HEADER } from '@rally/domain';
import { brandPartnerships, campaignMissions, campaigns, consumers, invitations, mediaFiles, members, missionItems, missions, rewardCodes, rewards, salesBatches, webhookEndpoints, webhookMessages } from '../db/schema/index.js';
import { DEMO_USERS, insertBrand } from '../seed/demo-accounts.js';
import { factories } from '../testing/factories.js';
import { playCookie } from '../testing/engine-kit.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { apiRoutes, fillPath, sampleOf, type ApiRoute, type JsonSchema } from './openapi-routes.js';

/**
 * Tenant isolation over every id-taking route of the OpenAPI document (new routes are covered without
 * being listed): the owner brand's ids — in the path, the query, the body or an export's `filters` — sent with
 * the retailer's and the partner's sessions, answer only 403 or 404, and none of the owner's rows changes. The
 * owner's campaign has no partners, so neither brand has any claim on it. The participant routes (/api/play) are
 * held to the same with another brand's participant.
 */

let t: TestApp;
let routes: ApiRoute[];
let owned: {
  campaign: number;
  mission: number;
  item: number;
  campaignMission: number;
  reward: number;
  media: string;
  invitation: number;
  member: string;
  teamInvitation: string;
  storeUser: number;
  apiKey: string;
  salesBatch: number;
  consumer: number;
  webhookEndpoint: number;
  webhookMessage: number;
};
const sessions: { who: string; cookie: string; authorization?: string }[] = [];
const participants: { who: string; cookie: string }[] = [];

const ID_PROPS = new Set(['id', 'bundleId', 'campaignId', 'rewardId', 'missionId', 'campaignMissionId', 'itemId', 'unlockId']);

/** The owner's row an id parameter of this route names; more than one candidate when the name is ambiguous. */
function candidates(route: ApiRoute, name: string): (number | string)[] {
  const library = route.path.startsWith('/api/v3/mission/');
  const media = route.path.startsWith('/api/v3/media/') || route.path.startsWith('/api/media/') || route.path.startsWith('/api/play/uploads/');
  switch (name) {
    case 'itemId':
      return [owned.item];
    case 'rewardId':
    case 'unlockId':
      return [owned.reward];
    case 'campaignMissionId':
      return [owned.campaignMission];
    case 'missionId':
      return [owned.campaignMission, owned.mission];
    case 'id':
      if (media) return [owned.media];
      // A partner pool id: the invitation a third retailer sent the owner brand.
      if (route.path.startsWith('/api/partner-pool/') || route.path.startsWith('/api/partner-invitations/')) return [owned.invitation];
      // A team id: the owner brand's membership of its owner, or an invitation the owner brand sent.
      if (route.path.startsWith('/api/team/members/')) return [owned.member];
      if (route.path.startsWith('/api/team/invitations/')) return [owned.teamInvitation];
      // A store's staff member (a store user of the owner brand), and the owner brand's API key.
      if (route.path.startsWith('/api/staff/') || route.path.startsWith('/api/v1/staff/')) return [owned.storeUser];
      if (route.path.startsWith('/api/api-keys/')) return [owned.apiKey];
      // A consumer of the owner brand (the public API's deactivation).
      if (route.path.startsWith('/api/v1/consumers/')) return [owned.consumer];
      // A sales batch the owner brand sent (Sales screen, and the key's read of its results).
      if (route.path.startsWith('/api/sales/') || route.path.startsWith('/api/v1/sales/')) return [owned.salesBatch];
      return library ? [owned.mission] : [owned.campaign];
    case 'bundleId':
    case 'campaignId':
      return [owned.campaign];
    case 'storeUserId':
    case 'colleagueId':
      return [owned.storeUser];
    // The owner brand's webhook endpoint and a message of it (Settings → Webhooks).
    case 'endpointId':
      return [owned.webhookEndpoint];
    case 'messageId':
      return [owned.webhookMessage];
    default:
      return [];
  }
}

interface Call {
  method: string;
  url: string;
  payload?: unknown;
}

/** Every way to call the route with the owner's ids in its path, query and body; none when it takes no owner id. */
function callsFor(route: ApiRoute): Call[] {
  const pathChoices = route.params.map((p) => candidates(route, p.name));
  if (pathChoices.some((c) => c.length === 0)) return [];
  const bodyIdKeys = Object.keys(route.body?.properties ?? {}).filter((k) => ID_PROPS.has(k));
  // Exports name their campaign and reward inside `filters`.
  const filterIdKeys = Object.keys(filtersSchema(route)?.properties ?? {}).filter((k) => ID_PROPS.has(k));
  const queryIdKeys = route.query.filter((q) => ID_PROPS.has(q.name)).map((q) => q.name);
  if (route.params.length === 0 && bodyIdKeys.length === 0 && filterIdKeys.length === 0 && queryIdKeys.length === 0) return [];
  // Every combination of path candidates (at most 2 × 2 here).
  let combos: Record<string, number | string>[] = [{}];
  route.params.forEach((p, i) => {
    combos = combos.flatMap((c) => pathChoices[i]!.map((v) => ({ ...c, [p.name]: v })));
  });
  return combos.map((params) => {
    const query = new URLSearchParams();
    for (const key of queryIdKeys) query.set(key, String(candidates(route, key)[0]));
    for (const q of route.query) if (q.required && !query.has(q.name)) query.set(q.name, String(sampleOf(q.schema)));
    const qs = query.toString();
    const call: Call = { method: route.method, url: fillPath(route.path, params) + (qs ? `?${qs}` : '') };
    if (route.method !== 'GET' && route.method !== 'HEAD') {
      // A completion on a participant's behalf the schema accepts (the owner's campaign is a learning one), so the
      // call reaches the brand check.
      const body = (
        route.path === '/api/v1/completions'
          ? { participant: { kind: 'store_user', id: owned.storeUser }, submission: { kind: 'learning', answers: [{ itemId: owned.item, optionId: '1' }] } }
          : (sampleOf(route.body) ?? {})
      ) as Record<string, unknown>;
      for (const key of bodyIdKeys) {
        // save-reward's `id` is the reward; elsewhere a body's id names the route's main row.
        const value = key === 'id' && route.path.includes('reward') ? owned.reward : candidates(route, key)[0];
        if (value !== undefined) body[key] = value;
      }
      if (filterIdKeys.length > 0) {
        const filters = (sampleOf(filtersSchema(route)) ?? {}) as Record<string, unknown>;
        for (const key of filterIdKeys) filters[key] = candidates(route, key)[0];
        body.filters = filters;
      }
      call.payload = body;
    }
    return call;
  });
}

/** The schema of the body's `filters` object, unwrapped from a default or an optional. */
function filtersSchema(route: ApiRoute): JsonSchema | undefined {
  const filters = route.body?.properties?.filters;
  return filters?.properties ? filters : (filters?.anyOf ?? filters?.allOf ?? []).find((v) => v.properties);
}

async function ownerRows() {
  const db = t.database.db;
  const brand = t.brandIds.owner;
  return {
    campaigns: await db.select().from(campaigns).where(eq(campaigns.brandId, brand)).orderBy(campaigns.id),
    missions: await db.select().from(missions).where(eq(missions.brandId, brand)).orderBy(missions.id),
    missionItems: await db.select().from(missionItems).where(eq(missionItems.brandId, brand)).orderBy(missionItems.id),
    campaignMissions: await db.select().from(campaignMissions).where(eq(campaignMissions.brandId, brand)).orderBy(campaignMissions.id),
    rewards: await db.select().from(rewards).where(eq(rewards.brandId, brand)).orderBy(rewards.id),
    rewardCodes: await db.select().from(rewardCodes).where(eq(rewardCodes.brandId, brand)).orderBy(rewardCodes.id),
    media: await db.select().from(mediaFiles).where(eq(mediaFiles.brandId, brand)).orderBy(mediaFiles.id),
    partnerships: await db.select().from(brandPartnerships).where(eq(brandPartnerships.partnerBrandId, brand)).orderBy(brandPartnerships.id),
    members: await db.select().from(members).where(eq(members.organizationId, brand)).orderBy(members.id),
    invitations: await db.select().from(invitations).where(eq(invitations.organizationId, brand)).orderBy(invitations.id),
    consumers: await db.select().from(consumers).where(eq(consumers.brandId, brand)).orderBy(consumers.id),
    webhookEndpoints: await db
      .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, events: webhookEndpoints.events, enabled: webhookEndpoints.enabled, secretEnc: webhookEndpoints.secretEnc })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.brandId, brand))
      .orderBy(webhookEndpoints.id),
  };
}

beforeAll(async () => {
  t = await createTestApp({ env: { SIGN_IN_RATE_LIMIT: '1000000' } });
  routes = await apiRoutes(t.app);
  const f = factories(t.database.db);
  const brand = t.brandIds.owner;
  const campaign = await f.campaign(brand, { type: 'learning', name: 'Owner only' });
  const mission = await f.mission(brand, { type: 'learning', title: 'Owner mission' }, 2);
  const [item] = await t.database.db.select().from(missionItems).where(eq(missionItems.missionId, mission.id));
  const campaignMission = await f.campaignMission(brand, campaign.id, mission.id);
  const reward = await f.reward(brand, campaign.id);
  const media = randomUUID();
  await t.database.db.insert(mediaFiles).values({
    id: media,
    brandId: brand,
    fileType: 'image',
    mimeType: 'image/png',
    fileName: 'owner.png',
    title: 'Owner image',
    sizeBytes: 10,
    storageKey: `${brand}/${media}.png`,
  });
  // A pending partner pool invitation to the owner brand from a retailer none of the sessions belongs to.
  const thirdRetailer = await insertBrand(t.database.db, { slug: 'third-retailer', name: 'Third Retailer', isRetailer: true, consumerEnabled: false });
  const [invitation] = await t.database.db
    .insert(brandPartnerships)
    .values({ brandId: thirdRetailer, partnerBrandId: brand, status: 'pending', invitedEmail: 'owner@brand.test', invitedAt: new Date(), expiresAt: new Date(Date.now() + 86_400_000) })
    .returning();
  const [member] = await t.database.db.select().from(members).where(eq(members.organizationId, brand));
  const [teamInvitation] = await t.database.db
    .insert(invitations)
    .values({ id: randomUUID(), organizationId: brand, email: 'teammate@brand.test', role: 'analyst', status: 'pending', expiresAt: new Date(Date.now() + 86_400_000), inviterId: member!.userId })
    .returning();
  // The owner brand's store comes first, so an id that names no other row of the owner names its store (store
  // routes); a staff member of it, and an API key of the owner brand.
  const ownerStore = await f.store(brand, { name: 'Owner store' });
  const staffMember = await f.storeUser(brand, ownerStore.id, { name: 'Owner staff member' });
  const ownerKey = await t.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: { cookie: await t.signIn('owner@brand.test'), [APP_REQUEST_HEADER]: '1' },
    payload: { name: 'Owner key', scopes: [...API_KEY_SCOPES] },
  });
  // A webhook endpoint of the owner brand (an address nothing listens on) and a message of it, delivered already.
  const ownerEndpoint = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: { cookie: await t.signIn('owner@brand.test'), [APP_REQUEST_HEADER]: '1' },
    payload: { url: 'http://127.0.0.1:9/owner-hook', events: ['invoice.closed'] },
  });
  const endpointId = (ownerEndpoint.json() as { endpoint: { id: number } }).endpoint.id;
  const [webhookMessage] = await t.database.db
    .insert(webhookMessages)
    .values({ brandId: brand, endpointId, messageId: 'msg_owner', eventType: 'invoice.closed', payload: {}, status: 'delivered' })
    .returning();
  const [consumer] = await t.database.db.insert(consumers).values({ brandId: brand, email: 'owner-consumer@example.test', name: 'Owner consumer', countryCode: 'US', externalRef: 'owner-crm-1' }).returning();
  const [salesBatch] = await t.database.db.insert(salesBatches).values({ brandId: brand, source: 'api', sentBy: 'Owner key', status: 'done' }).returning();
  owned = {
    webhookEndpoint: endpointId,
    webhookMessage: webhookMessage!.id,
    salesBatch: salesBatch!.id,
    consumer: consumer!.id,
    storeUser: staffMember.id,
    apiKey: (ownerKey.json() as { key: { id: string } }).key.id,
    campaign: campaign.id,
    mission: mission.id,
    item: item!.id,
    campaignMission: campaignMission.id,
    reward: reward.id,
    media,
    invitation: invitation!.id,
    member: member!.id,
    teamInvitation: teamInvitation!.id,
  };
  for (const u of DEMO_USERS.filter((d) => d.email !== 'owner@brand.test')) {
    const cookie = await t.signIn(u.email);
    // Each other brand's API key with every scope, for the public API (/api/v1), which takes no cookie.
    const key = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie, [APP_REQUEST_HEADER]: '1' }, payload: { name: 'Cross-brand key', scopes: [...API_KEY_SCOPES] } });
    sessions.push({ who: u.email, cookie, authorization: `Bearer ${(key.json() as { secret: string }).secret}` });
  }
  // A participant of each other brand (a store user of one of its stores).
  for (const key of ['retailer', 'partner'] as const) {
    const store = await f.store(t.brandIds[key]);
    const user = await f.storeUser(t.brandIds[key], store.id, { name: `${key} participant` });
    participants.push({ who: `${key}'s participant`, cookie: await playCookie(t.database.db, t.brandIds[key], user.id) });
  }
}, 120_000);
afterAll(async () => t?.close());

describe('cross-brand isolation', () => {
  it("answers only 403 or 404 to another brand's sessions on every id-taking route, and changes none of the owner's rows", async () => {
    const before = await ownerRows();
    const wrong: string[] = [];
    let calls = 0;
    // Participant routes authenticate consumers, not brand members: a brand session is no one there (401).
    const brandRoutes = routes.filter((r) => !r.path.startsWith('/api/play/'));
    for (const route of brandRoutes) {
      for (const call of callsFor(route)) {
        for (const s of sessions) {
          // The public API is called with the brand's key (and an Idempotency-Key, which its completions require).
          const credentials = route.path.startsWith('/api/v1/') ? { authorization: s.authorization!, 'idempotency-key': randomUUID() } : { cookie: s.cookie };
          const res = await t.app.inject({
            method: call.method as 'GET',
            url: call.url,
            headers: { ...credentials, [APP_REQUEST_HEADER]: '1' },
            ...(call.payload === undefined ? {} : { payload: call.payload as object }),
          });
          calls += 1;
          if (res.statusCode !== 403 && res.statusCode !== 404) {
            wrong.push(`${call.method} ${call.url} as ${s.who}: ${res.statusCode} ${res.body.slice(0, 200)} (body ${JSON.stringify(call.payload)?.slice(0, 200)})`);
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(60);
    expect(wrong, wrong.join('\n')).toEqual([]);
    expect(await ownerRows()).toEqual(before);
  }, 300_000);

  it("answers only 403 or 404 to another brand's participants on every id-taking participant route, and changes none of the owner's rows", async () => {
    const before = await ownerRows();
    const wrong: string[] = [];
    let calls = 0;
    const playRoutes = routes.filter((r) => r.path.startsWith('/api/play/') && !r.path.startsWith('/api/play/auth/'));
    for (const route of playRoutes) {
      for (const call of callsFor(route)) {
        for (const p of participants) {
          // A completion the schema accepts (the owner's campaign is a learning one), so the call reaches the brand check.
          const payload = call.url.endsWith('/completions') ? { kind: 'learning', answers: [{ itemId: owned.item, optionId: '1' }] } : call.payload;
          const res = await t.app.inject({
            method: call.method as 'GET',
            url: call.url,
            headers: { cookie: p.cookie, [APP_REQUEST_HEADER]: '1', 'idempotency-key': randomUUID() },
            ...(payload === undefined ? {} : { payload: payload as object }),
          });
          calls += 1;
          if (res.statusCode !== 403 && res.statusCode !== 404) {
            wrong.push(`${call.method} ${call.url} as ${p.who}: ${res.statusCode} ${res.body.slice(0, 200)} (body ${JSON.stringify(payload)?.slice(0, 200)})`);
          }
        }
      }
    }
    expect(calls).toBeGreaterThanOrEqual(8);
    expect(wrong, wrong.join('\n')).toEqual([]);
    expect(await ownerRows()).toEqual(before);
  }, 120_000);
});
