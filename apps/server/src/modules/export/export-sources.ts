import {
  createZonedFormatter,
  neutraliseCell,
  parseZoned,
  ZCodeExportFilters,
  ZCompletionExportFilters,
  ZStoreExportFilters,
  type TExportKind,
} from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { createLookup } from './export-stream.js';
import {
  campaignNamesByIds,
  codeBatch,
  completionBatch,
  consumersByIds,
  countCodes,
  countCompletions,
  countStores,
  missionTitlesByIds,
  rewardsByIds,
  storeBatch,
  storesByIds,
  storeUsersByIds,
  type CompletionFilterSql,
} from './export.repository.js';

export type Cell = string | number | null;

/** The rows of one kind of export: a header, how many rows there are, and the rows in id order, a batch at a time. */
export interface ExportSource {
  header: string[];
  count(): Promise<number>;
  /** Rows after `afterId` (exclusive) as written cells, and the last id read; empty when done. */
  batch(afterId: number, limit: number): Promise<{ rows: Cell[][]; lastId: number }>;
}

const text = (v: string | null | undefined): string => neutraliseCell(v ?? '');
const money = (cents: string | number) => Number(cents) / 100;

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** A day (YYYY-MM-DD) in the zone as the ISO instant of its first minute. */
function dayStart(day: string, timeZone: string): string | undefined {
  const parsed = parseZoned(`${day} 00:00`, timeZone);
  return parsed.ok ? new Date(parsed.epochSeconds * 1000).toISOString() : undefined;
}

export function exportSource(db: DbOrTx, kind: TExportKind, brandId: string, filters: unknown, timeZone: string): ExportSource {
  const zoned = createZonedFormatter(timeZone);
  const atMinute = (minute: number | null) => zoned(minute == null ? null : minute * 60_000);
  // Names by id, read once per export (export-stream.ts).
  const campaigns = createLookup((ids) => campaignNamesByIds(db, ids));
  const missions = createLookup((ids) => missionTitlesByIds(db, ids));
  const storeUsers = createLookup((ids) => storeUsersByIds(db, ids));
  const consumers = createLookup((ids) => consumersByIds(db, ids));
  const stores = createLookup((ids) => storesByIds(db, ids));
  const rewards = createLookup((ids) => rewardsByIds(db, ids));
  if (kind === 'completions') {
    const f = ZCompletionExportFilters.parse(filters);
    const where: CompletionFilterSql = {
      campaignId: f.campaignId,
      status: f.status,
      fromIso: f.from ? dayStart(f.from, timeZone) : undefined,
      toIso: f.to ? dayStart(nextDay(f.to), timeZone) : undefined,
    };
    return {
      header: ['Completion id', `Submitted (${timeZone})`, 'Campaign', 'Mission', 'Participant', 'Email', 'Store', 'Store ref', 'Status', 'Sales', 'Score', 'Passed'],
      count: () => countCompletions(db, brandId, where),
      async batch(afterId, limit) {
        const rows = await completionBatch(db, brandId, where, afterId, limit);
        await Promise.all([
          campaigns.load(rows.map((r) => r.campaign_id)),
          missions.load(rows.map((r) => r.campaign_mission_id)),
          storeUsers.load(rows.map((r) => r.store_user_id)),
          consumers.load(rows.map((r) => r.consumer_id)),
          stores.load(rows.map((r) => r.store_id)),
        ]);
        return {
          lastId: rows.length ? Number(rows[rows.length - 1]!.id) : afterId,
          rows: rows.map((r) => {
            // The store user's name and email, else the consumer's.
            const who = storeUsers.get(r.store_user_id) ?? consumers.get(r.consumer_id);
            const store = stores.get(r.store_id);
            return [
              Number(r.id),
              atMinute(r.created_minute),
              text(campaigns.get(r.campaign_id)?.name),
              text(missions.get(r.campaign_mission_id)?.title),
              text(who?.name),
              text(who?.email),
              text(store?.name),
              text(store?.ref_id),
              r.status,
              money(r.sales_amount_cents),
              r.score,
              r.passed == null ? '' : r.passed ? 'yes' : 'no',
            ];
          }),
        };
      },
    };
  }
  if (kind === 'codes') {
    const f = ZCodeExportFilters.parse(filters);
    return {
      header: ['Code id', 'Code', 'Reward', 'Campaign', 'Status', `Issued (${timeZone})`, 'Issued to', 'Email', 'Store'],
      count: () => countCodes(db, brandId, f),
      async batch(afterId, limit) {
        const rows = await codeBatch(db, brandId, f, afterId, limit);
        await Promise.all([
          rewards.load(rows.map((r) => r.reward_id)),
          storeUsers.load(rows.map((r) => r.issued_to_store_user_id)),
          consumers.load(rows.map((r) => r.issued_to_consumer_id)),
        ]);
        // The holder's store is the store user's.
        await stores.load(rows.map((r) => storeUsers.get(r.issued_to_store_user_id)?.store_id ?? null));
        return {
          lastId: rows.length ? Number(rows[rows.length - 1]!.id) : afterId,
          rows: rows.map((r) => {
            const reward = rewards.get(r.reward_id);
            const user = storeUsers.get(r.issued_to_store_user_id);
            const who = user ?? consumers.get(r.issued_to_consumer_id);
            return [
              Number(r.id),
              text(r.code),
              text(reward?.title),
              text(reward?.campaign_name),
              r.issued_minute == null ? 'unissued' : 'issued',
              atMinute(r.issued_minute),
              text(who?.name),
              text(who?.email),
              text(stores.get(user?.store_id ?? null)?.name),
            ];
          }),
        };
      },
    };
  }
  const f = ZStoreExportFilters.parse(filters);
  return {
    header: ['Store id', 'Name', 'Status', 'Ref id', 'POS store id', 'Street', 'City', 'Region', 'Postal code', 'Country', 'Users', `Created (${timeZone})`],
    count: () => countStores(db, brandId, f),
    async batch(afterId, limit) {
      const rows = await storeBatch(db, brandId, f, afterId, limit);
      return {
        lastId: rows.length ? rows[rows.length - 1]!.id : afterId,
        rows: rows.map((r) => [
          r.id,
          text(r.name),
          r.status,
          text(r.ref_id),
          text(r.external_store_id),
          text(r.street),
          text(r.city),
          text(r.region),
          text(r.postal_code),
          r.country_code,
          r.total_users,
          atMinute(r.created_minute),
        ]),
      };
    },
  };
}
