import { gzipSync } from 'node:zlib';
import { and, eq, or, sql } from 'drizzle-orm';
import { ZFormData } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { campaignPartners, campaigns } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/request-context.js';
import type { CampaignChanges } from './campaign-changes.js';
import { loadFormData } from './load-form-data.js';

const MAX_CAMPAIGNS = 1_000;
// Brand settings (retailer, consumer flag) shown as capabilities move no campaign revision; this bounds their staleness.
const TTL_MS = 60_000;

export interface FormDataCacheOptions {
  db: Db;
  changes: CampaignChanges;
}

/**
 * The builder's form-data, serialised once per campaign revision and viewer (brand and role).
 *
 * Every change to a campaign or to what its builder shows moves campaigns.cache_rev (database
 * triggers, whoever writes) and is announced at commit (migration 0008). While `changes.isCurrent()`
 * holds, an entry still held here is one no notification has dropped, so it is served without a
 * query. Otherwise (feed not listening, a write of this process not yet confirmed) a request costs
 * one indexed lookup of the revision, and an entry is served only if built at that revision.
 */
export function createFormDataCache({ db, changes }: FormDataCacheOptions) {
  const byCampaign = new Map<number, Map<string, FormDataEntry>>();
  // Loads running per campaign; a change while one runs means its result may predate the change.
  const loading = new Map<number, Set<{ stale: boolean }>>();
  changes.subscribe((campaignId) => {
    if (campaignId === null) {
      byCampaign.clear();
      for (const marks of loading.values()) for (const mark of marks) mark.stale = true;
      return;
    }
    byCampaign.delete(campaignId);
    for (const mark of loading.get(campaignId) ?? []) mark.stale = true;
  });

  const head = db
    .select({ id: campaigns.id, rev: campaigns.cacheRev })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.id, sql.placeholder('id')),
        or(
          eq(campaigns.brandId, sql.placeholder('brandId')),
          sql`exists (select 1 from ${campaignPartners} cp where cp.campaign_id = ${campaigns.id} and cp.partner_brand_id = ${sql.placeholder('brandId')})`,
        ),
      ),
    )
    .prepare('campaign_form_data_head');

  async function build(actor: RequestActor, campaignId: number, rev: number, viewer: string): Promise<FormDataEntry> {
    const mark = { stale: false };
    let marks = loading.get(campaignId);
    if (!marks) loading.set(campaignId, (marks = new Set()));
    marks.add(mark);
    try {
      const json = JSON.stringify(ZFormData.parse(await loadFormData({ db, actor, campaignId })));
      const entry = new FormDataEntry(json, rev, Date.now() + TTL_MS);
      if (!mark.stale) remember(campaignId, viewer, entry);
      return entry;
    } finally {
      marks.delete(mark);
      if (marks.size === 0) loading.delete(campaignId);
    }
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
    // Held means it was built for this brand (access checked then) and nothing changed since.
    if (held && held.until > now && changes.isCurrent()) return held;
    const [row] = await head.execute({ id: campaignId, brandId: actor.brandId });
    if (!row) throw notFound('Campaign');
    if (held && held.rev === row.rev && held.until > now) return held;
    return build(actor, campaignId, row.rev, viewer);
  };
}

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
  ) {}

  get gzip(): Buffer {
    return (this.#gzip ??= gzipSync(this.json, { level: 6 }));
  }
}
