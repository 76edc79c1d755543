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
import {
  codeBatch,
  completionBatch,
  countCodes,
  countCompletions,
  countStores,
  storeBatch,
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
        return {
          lastId: rows.length ? Number(rows[rows.length - 1]!.id) : afterId,
          rows: rows.map((r) => [
            Number(r.id),
            atMinute(r.created_minute),
            text(r.campaign_name),
            text(r.mission_title),
            text(r.participant_name),
            text(r.participant_email),
            text(r.store_name),
            text(r.store_ref),
            r.status,
            money(r.sales_amount_cents),
            r.score,
            r.passed == null ? '' : r.passed ? 'yes' : 'no',
          ]),
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
        return {
          lastId: rows.length ? Number(rows[rows.length - 1]!.id) : afterId,
          rows: rows.map((r) => [
            Number(r.id),
            text(r.code),
            text(r.reward_title),
            text(r.campaign_name),
            r.issued_minute == null ? 'unissued' : 'issued',
            atMinute(r.issued_minute),
            text(r.holder_name),
            text(r.holder_email),
            text(r.store_name),
          ]),
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
