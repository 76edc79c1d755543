import { and, eq, inArray } from 'drizzle-orm';
import { dbSchema, type Database } from '@rally/server';
import { BENCH_BRAND } from '../lib/bench-config.js';
import type { Benchmark, BenchContext } from './benchmark.js';

const { brands, campaigns, campaignMissions, missionItems, missions, rewards } = dbSchema;
const BUILDER_CAMPAIGN = 'Bench builder 20×20';
const AUTOSAVE_PREFIX = 'Bench autosave ';

async function benchBrandId(database: Database): Promise<string> {
  const [brand] = await database.db.select({ id: brands.id }).from(brands).where(eq(brands.slug, BENCH_BRAND.slug));
  if (!brand) throw new Error('run npm run bench:seed first');
  return brand.id;
}

/** A learning campaign with 20 missions (3 questions each) and 20 rewards; created once, reused. */
async function builderCampaign(database: Database): Promise<number> {
  const db = database.db;
  const brandId = await benchBrandId(database);
  const [found] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.brandId, brandId), eq(campaigns.name, BUILDER_CAMPAIGN)));
  if (found) return found.id;
  return db.transaction(async (tx) => {
    const [campaign] = await tx
      .insert(campaigns)
      .values({ brandId, publicUid: 'bench-builder-20x20', name: BUILDER_CAMPAIGN, type: 'learning' })
      .returning({ id: campaigns.id });
    const made = await tx
      .insert(missions)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          brandId,
          title: `Bench lesson ${i + 1}`,
          type: 'learning' as const,
          status: 'ready' as const,
          isCompleteFill: true,
        })),
      )
      .returning({ id: missions.id });
    await tx.insert(missionItems).values(
      made.flatMap((m) =>
        [1, 2, 3].map((q) => ({
          brandId,
          missionId: m.id,
          kind: 'question' as const,
          title: `Question ${q}`,
          order: q - 1,
          data: { options: [{ id: 'a', text: 'Yes' }, { id: 'b', text: 'No' }], correctOptionId: 'a' },
        })),
      ),
    );
    await tx
      .insert(campaignMissions)
      .values(made.map((m, i) => ({ brandId, campaignId: campaign!.id, missionId: m.id, order: i, passingGrade: 2 })));
    await tx.insert(rewards).values(
      made.map((m, i) => ({
        brandId,
        campaignId: campaign!.id,
        type: (['money', 'prize', 'discount', 'gift_card', 'free_product'] as const)[i % 5]!,
        title: `Bench reward ${i + 1}`,
        scope: 'mission' as const,
        missionId: m.id,
        amountCents: 500,
        budgetCents: 50_000,
        valueCents: 2_000,
        totalAvailable: 10,
      })),
    );
    return campaign!.id;
  });
}

/** One draft per connection for the autosave benchmark, found by public uid (the benchmark renames them), reset to version 1. */
async function autosaveCampaigns(database: Database, count: number): Promise<number[]> {
  const db = database.db;
  const brandId = await benchBrandId(database);
  const uids = Array.from({ length: count }, (_, i) => `bench-autosave-${i + 1}`);
  await db
    .insert(campaigns)
    .values(uids.map((publicUid, i) => ({ brandId, publicUid, name: `${AUTOSAVE_PREFIX}${i + 1}`, type: 'general' as const })))
    .onConflictDoNothing();
  const rows = await db
    .update(campaigns)
    .set({ version: 1, status: 'draft' })
    .where(and(eq(campaigns.brandId, brandId), inArray(campaigns.publicUid, uids)))
    .returning({ id: campaigns.id });
  return rows.map((r) => r.id);
}

async function builderLoad(ctx: BenchContext) {
  const id = await builderCampaign(ctx.database);
  const url = `${ctx.appUrl}/api/v3/bundle/${id}/form-data`;
  const probe = await fetch(url, { headers: { cookie: ctx.cookie } });
  const body = (await probe.json()) as { missions?: unknown[]; rewards?: unknown[] };
  if (probe.status !== 200 || body.missions?.length !== 20 || body.rewards?.length !== 20) {
    throw new Error(`${url} answered ${probe.status} with ${body.missions?.length} missions, ${body.rewards?.length} rewards`);
  }
  // As a browser asks for it: every browser sends Accept-Encoding with gzip.
  return ctx.measure(url, { ...ctx.load, headers: { cookie: ctx.cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING } });
}

const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

async function autosaveWrite(ctx: BenchContext) {
  const ids = await autosaveCampaigns(ctx.database, ctx.load.connections * 2);
  const urls = ids.map((id) => `${ctx.appUrl}/api/v3/bundle/${id}`);
  return ctx.measure(urls[0]!, {
    ...ctx.load,
    method: 'POST',
    headers: { cookie: ctx.cookie, 'content-type': 'application/json', origin: ctx.appUrl },
    versionedWrites: { urls, version: 1 },
  });
}

/** The builder's first paint: one campaign with 20 missions and 20 rewards. */
export const builderLoadBenchmark: Benchmark = {
  name: 'builder-load',
  description: 'GET /api/v3/bundle/{id}/form-data, 20 missions + 20 rewards, Accept-Encoding as a browser sends it',
  p95TargetMs: 25,
  minRatioToBaseline: 0.25,
  run: builderLoad,
};

/** Autosave: a name edit on the version the page holds (version check, progress, audit in one statement). */
export const autosaveWriteBenchmark: Benchmark = {
  name: 'autosave-write',
  description: 'POST /api/v3/bundle/{id} {version, name}, each request on a campaign no other request holds',
  p95TargetMs: 40,
  run: autosaveWrite,
};
