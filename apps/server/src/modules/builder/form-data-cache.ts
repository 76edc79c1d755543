import { gzipSync } from 'node:zlib';
import { and, eq, or, sql } from 'drizzle-orm';
import { ZFormData } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { campaignPartners, campaigns } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/request-context.js';
import { loadFormData } from './load-form-data.js';

const MAX_ENTRIES = 1_000;
// Brand settings (retailer, consumer flag) shown as capabilities are not part of the key; this bounds their staleness.
const TTL_MS = 60_000;

/**
 * The builder's form-data, serialised once per campaign revision and viewer.
 * campaigns.cache_rev is moved by database triggers on every change to the
 * campaign or anything the builder shows of it, so a hit is never stale; a
 * request costs one indexed lookup of the revision.
 */
export function createFormDataCache(db: Db) {
  const entries = new Map<string, FormDataEntry>();
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

  return async function formDataJson(actor: RequestActor, campaignId: number): Promise<FormDataEntry> {
    const [row] = await head.execute({ id: campaignId, brandId: actor.brandId });
    if (!row) throw notFound('Campaign');
    const key = `${campaignId}:${row.rev}:${actor.brandId}:${actor.role}`;
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.until > now) return hit;
    const json = JSON.stringify(ZFormData.parse(await loadFormData({ db, actor, campaignId })));
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    const entry = new FormDataEntry(json, now + TTL_MS);
    entries.set(key, entry);
    return entry;
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
    readonly until: number,
  ) {}

  get gzip(): Buffer {
    return (this.#gzip ??= gzipSync(this.json, { level: 6 }));
  }
}
