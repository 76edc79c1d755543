// Integration tests of every module drive the participant runtime with this kit: a running campaign built from the
// factories, a participant's session cookie, a submit through the play route. It lives with the test helpers, not in the
// engine's public file, so production code never loads the factories.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { PLAY_SESSION_COOKIE, type TContestSettings } from '@rally/domain';
import type { Db } from '../db/client.js';
import type { rewards } from '../db/schema/index.js';
import { factories } from './factories.js';
import { multipartBody } from './multipart.js';
import { createPlaySession } from '../modules/play/index.js';

/** A running campaign with one mission, its store and participants, built from the factories. */
export async function runningCampaign(
  db: Db,
  brandId: string,
  o: {
    type?: 'general' | 'contest' | 'learning' | 'consumer';
    mission?: { type?: 'general' | 'contest' | 'learning' | 'consumer'; subtype?: 'standard' | 'itemSold' };
    items?: 'questions' | 'options' | 'fields';
    campaignMission?: { maxEntriesPerUser?: number | null; maxEntriesPerStore?: number | null; passingGrade?: number | null; contest?: TContestSettings | null };
    finishCriteria?: string[];
    participants?: number;
  } = {},
) {
  const f = factories(db);
  const type = o.type ?? 'general';
  const campaign = await f.campaign(brandId, { type, status: 'active', startDate: new Date(Date.now() - 60_000), finishCriteria: o.finishCriteria ?? ['days_over'] });
  const mission = await f.mission(brandId, { type: o.mission?.type ?? type, subtype: o.mission?.subtype ?? 'standard' }, o.items === 'questions' ? 2 : 0);
  const itemIds = o.items === 'options' || o.items === 'fields' ? await insertItems(db, brandId, mission.id, o.items) : [];
  const cm = await f.campaignMission(brandId, campaign.id, mission.id, {
    maxEntriesPerUser: o.campaignMission?.maxEntriesPerUser ?? null,
    maxEntriesPerStore: o.campaignMission?.maxEntriesPerStore ?? null,
    passingGrade: o.campaignMission?.passingGrade ?? null,
    contest: o.campaignMission?.contest ?? null,
  });
  const store = await f.store(brandId);
  const users = [];
  for (let i = 0; i < (o.participants ?? 1); i++) users.push(await f.storeUser(brandId, store.id, { name: `Participant ${i + 1}` }));
  const questionIds =
    o.items === 'questions'
      ? (await db.query.missionItems.findMany({ where: (t, { eq }) => eq(t.missionId, mission.id), orderBy: (t, { asc }) => asc(t.order) })).map((q) => q.id)
      : [];
  return {
    campaign,
    mission,
    cm,
    store,
    users,
    itemIds: o.items === 'questions' ? questionIds : itemIds,
    reward: (over: Partial<typeof rewards.$inferInsert>) => f.reward(brandId, campaign.id, over),
    /** Another mission of the same campaign: an item-sold mission with three products to sell. */
    saleMission: async () => {
      const sale = await f.mission(brandId, { type, subtype: 'itemSold' });
      const productIds = await insertItems(db, brandId, sale.id, 'options');
      return { cm: await f.campaignMission(brandId, campaign.id, sale.id), itemIds: productIds };
    },
    codes: (rewardId: number, n: number) => f.codes(brandId, rewardId, n),
  };
}

/** A mission's items: three products (options) of an item-sold mission, or two form fields. */
async function insertItems(db: Db, brandId: string, missionId: number, kind: 'options' | 'fields'): Promise<number[]> {
  const { missionItems } = await import('../db/schema/index.js');
  const rows = await db
    .insert(missionItems)
    .values(
      kind === 'options'
        ? [1, 2, 3].map((n) => ({ brandId, missionId, kind: 'option' as const, title: `Product ${n}`, order: n, data: {} }))
        : [
            { brandId, missionId, kind: 'field' as const, title: 'Shelf count', order: 1, data: { fieldType: 'number', required: true } },
            { brandId, missionId, kind: 'field' as const, title: 'Comment', order: 2, data: { fieldType: 'text', required: false } },
          ],
    )
    .returning({ id: missionItems.id });
  return rows.map((r) => r.id);
}

/** A participant session cookie for a store user (sign-in itself is tested in play.test.ts). */
export async function playCookie(db: Db, brandId: string, storeUserId: number): Promise<string> {
  const token = await createPlaySession(db, { kind: 'store_user', id: storeUserId, brandId });
  return `${PLAY_SESSION_COOKIE}=${token}`;
}

export function submit(app: FastifyInstance, cookie: string, campaignId: number, cmId: number, body: unknown, key: string = randomUUID()) {
  return app.inject({
    method: 'POST',
    url: `/api/play/campaigns/${campaignId}/missions/${cmId}/completions`,
    headers: { cookie, 'idempotency-key': key },
    payload: body as Record<string, unknown>,
  });
}

/**
 * A participant's receipt photo uploaded through the play route (a small real PNG): its upload id. Photos of another
 * `seed` differ, so they are not one receipt sent twice.
 */
export async function uploadReceipt(app: FastifyInstance, cookie: string, seed = 0): Promise<string> {
  const background = { r: 255 - (seed % 200), g: 250 - (Math.floor(seed / 200) % 200), b: 245 - (Math.floor(seed / 40_000) % 200) };
  const png = await sharp({ create: { width: 240, height: 360, channels: 3, background } }).png().toBuffer();
  const body = multipartBody({ name: 'receipt.png', type: 'image/png', bytes: png });
  const res = await app.inject({ method: 'POST', url: '/api/play/uploads', headers: { cookie, 'content-type': body.contentType }, payload: body.payload });
  if (res.statusCode !== 201) throw new Error(`receipt upload answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { uploadId: string }).uploadId;
}
