import { gzipSync } from 'node:zlib';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { ZFormData } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { campaignPartners, campaigns } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import type { RevisionWatch } from '../../lib/revision-watch.js';
import type { RequestActor } from '../auth/index.js';
import { loadFormData } from './load-form-data.js';

const MAX_CAMPAIGNS = 1_000;
// Brand settings (retailer, consumer flag) shown as capabilities move no campaign revision; this bounds their staleness.
const TTL_MS = 60_000;

export interface FormDataCacheOptions {
  db: Db;
  revisions: RevisionWatch;
}

/**
 * The builder's form-data, serialised once per campaign revision and viewer (brand and role).
 *
 * Every change to a campaign or to what its builder shows moves campaigns.cache_rev (database
 * triggers, whoever writes: migration 0005). Each entry is tagged with the revision read before it
 * was built, and the revision watch compares the held tags with the database every 100 ms and drops
 * the entries of campaigns that moved on. An entry is served without a query once a comparison that
 * started after it was stored has completed, while the watch is current (`isCurrent`); otherwise a
 * request costs one indexed lookup of the revision, and an entry is served only if it was built at
 * that revision.
 */
export function createFormDataCache({ db, revisions }: FormDataCacheOptions) {
  const byCampaign = new Map<number, Map<string, FormDataEntry>>();
  revisions.add({
    async compare() {
      const held = new Map<number, number>();
      for (const [campaignId, views] of byCampaign) {
        let oldest = Number.POSITIVE_INFINITY;
        for (const entry of views.values()) oldest = Math.min(oldest, entry.rev);
        held.set(campaignId, oldest);
      }
      if (held.size === 0) return;
      const rows = await db
        .select({ id: campaigns.id, rev: campaigns.cacheRev })
        .from(campaigns)
        .where(inArray(campaigns.id, [...held.keys()]));
      const current = new Map(rows.map((r) => [r.id, r.rev]));
      for (const [id, rev] of held) if (current.get(id) !== rev) byCampaign.delete(id);
    },
  });

  const head = db
    .select({ id: campaigns.id, rev: campaigns.cacheRev })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.id, sql.placeholder('id')),
        or(
          eq(campaigns.brandId, sql.placeholder('brandId')),
          sql`exists (select 1 from ${campaignPartners} cp where cp.campaign_id = ${campaigns.id} and cp.partner_brand_id = ${sql.placeholder('brandId')} and cp.invite_status is not null)`,
        ),
      ),
    )
    .prepare('campaign_form_data_head');

  async function build(actor: RequestActor, campaignId: number, rev: number, viewer: string): Promise<FormDataEntry> {
    const json = JSON.stringify(ZFormData.parse(await loadFormData({ db, actor, campaignId })));
    // Tagged with the revision read before loading: the data is at least that new, so a tag that
    // differs from the database's revision can only ever drop a current entry, never keep a stale one.
    const entry = new FormDataEntry(json, rev, Date.now() + TTL_MS, revisions.startedCount());
    remember(campaignId, viewer, entry);
    return entry;
  }

  function remember(campaignId: number, viewer: string, entry: FormDataEntry) {
    let views = byCampaign.get(campaignId);
    if (!views) {
      if (byCampaign.size >= MAX_CAMPAIGNS) byCampaign.delete(byCampaign.keys().next().value as number);
      byCampaign.set(campaignId, (views = new Map()));
    }
    views.set(viewer, entry);
  }

  return async function formDataJson(actor: RequestActor, campaignId: number): Promise<FormDataEntry> {
    const viewer = `${actor.brandId}:${actor.role}`;
    const now = Date.now();
    const held = byCampaign.get(campaignId)?.get(viewer);
    // Held and checked means built for this brand (access checked then) and found current since.
    if (held && held.until > now && revisions.isCurrent() && revisions.checkedAfter(held.heldAt)) return held;
    const [row] = await head.execute({ id: campaignId, brandId: actor.brandId });
    if (!row) throw notFound('Campaign');
    if (held && held.rev === row.rev && held.until > now) return held;
    return build(actor, campaignId, row.rev, viewer);
  };
}

export type FormDataCache = ReturnType<typeof createFormDataCache>;

/**
 * One serialised form-data response. Browsers always accept gzip; a 20-mission campaign's 20 kB
 * of JSON compresses to a few kB, once per revision, and the smaller write is most of what
 * serving it costs.
 */
export class FormDataEntry {
  #gzip: Buffer | undefined;
  constructor(
    readonly json: string,
    readonly rev: number,
    readonly until: number,
    /** Comparisons started when it was stored: the next one checks it. */
    readonly heldAt: number,
  ) {}

  get gzip(): Buffer {
    return (this.#gzip ??= gzipSync(this.json, { level: 6 }));
  }
}
