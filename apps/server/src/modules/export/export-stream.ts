import type { ExportSource, Cell } from './export-sources.js';

/**
 * How an export moves a million rows fast with bounded memory (docs/decisions/0011, "Throughput"). Every speed
 * choice of the export path is here:
 *
 * - keyset batches that start small (the first rows reach the file at once) and grow to a cap (fewer statements
 *   to plan and run; the cap bounds memory);
 * - one batch read ahead: the database runs the next statement while this process formats and writes the current
 *   batch, so the two CPUs work at the same time instead of in turn;
 * - backpressure: a batch is handed to the file only after the file took the previous one, so at most two batches
 *   (one being written, one being read) are ever held;
 * - names by id (`createLookup`): a batch reads only its own table; the campaign, mission, participant, store and
 *   reward names its rows point to are read once per export for the ids not seen yet, instead of joined again for
 *   every row of every batch;
 * - a CSV encoder for plain cells (`csvRows`) that builds one string per batch instead of a stream step per record.
 */

/** Rows of the first batch: small, so the first rows are written well within a second. */
export const FIRST_BATCH_ROWS = 1_000;

/** The batch sizes in order: doubling from `first` up to `max`. */
export function batchSize(index: number, first: number, max: number): number {
  return Math.min(max, first * 2 ** Math.min(index, 30));
}

export interface StreamExportOptions {
  source: ExportSource;
  /** Takes a batch of rows; resolves when the file has taken them (backpressure). */
  write(rows: Cell[][]): Promise<void>;
  /** Called after each batch is written with the rows done so far; false stops the export (it was cancelled). */
  afterBatch(done: number, batchIndex: number): Promise<boolean>;
  maxBatchRows: number;
  firstBatchRows?: number;
}

/** Reads every row of the source in id order into `write`; returns the rows written and whether it ran to the end. */
export async function streamExport(options: StreamExportOptions): Promise<{ done: number; complete: boolean }> {
  const { source, write, afterBatch, maxBatchRows } = options;
  const first = Math.min(options.firstBatchRows ?? FIRST_BATCH_ROWS, maxBatchRows);
  let index = 0;
  let done = 0;
  let size = batchSize(0, first, maxBatchRows);
  let pending: ReturnType<ExportSource['batch']> | null = source.batch(0, size);
  try {
    for (;;) {
      const batch = await pending!;
      pending = null;
      if (batch.rows.length === 0) return { done, complete: true };
      const more = batch.rows.length === size;
      if (more) {
        // Read ahead: the next statement runs while this batch is formatted and written.
        size = batchSize(index + 1, first, maxBatchRows);
        pending = source.batch(batch.lastId, size);
      }
      await write(batch.rows);
      done += batch.rows.length;
      if (!(await afterBatch(done, index))) return { done, complete: false };
      if (!more) return { done, complete: true };
      index += 1;
    }
  } finally {
    // A read still running when the export stops (cancel, failure) is waited for, so nothing outlives the export.
    if (pending) await pending.catch(() => undefined);
  }
}

// ---- Names by id ----

/** Most ids a lookup keeps: past it, it starts over with the current batch's ids (memory stays bounded). */
export const LOOKUP_MAX_IDS = 50_000;

export interface Lookup<T> {
  /** Reads the rows of the ids not known yet (nulls are skipped); afterwards `get` knows every id given. */
  load(ids: readonly (number | null)[]): Promise<void>;
  /** The row of an id given to the last `load`s; undefined for null or an id that has no row. */
  get(id: number | null): T | undefined;
}

export function createLookup<T extends { id: number }>(read: (ids: number[]) => Promise<T[]>, maxIds = LOOKUP_MAX_IDS): Lookup<T> {
  let known = new Map<number, T | null>();
  return {
    async load(ids) {
      let missing = new Set<number>();
      for (const id of ids) if (id != null && !known.has(id)) missing.add(id);
      if (missing.size === 0) return;
      if (known.size + missing.size > maxIds) {
        known = new Map();
        missing = new Set(ids.filter((id): id is number => id != null));
      }
      const rows = await read([...missing]);
      for (const id of missing) known.set(id, null);
      for (const row of rows) known.set(Number(row.id), row);
    },
    get(id) {
      return id == null ? undefined : (known.get(id) ?? undefined);
    },
  };
}

// ---- CSV: RFC 4180 as csv-stringify writes it (the reference in the property test) ----

const NEEDS_QUOTES = /[",\r\n]/;

function csvCell(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  if (!NEEDS_QUOTES.test(cell)) return cell;
  return `"${cell.replaceAll('"', '""')}"`;
}

/**
 * Rows as CSV text, each ending in `\n`: a cell holding a comma, a quote, CR or LF is quoted (quotes doubled),
 * null is empty, numbers as JavaScript writes them. Cells are already neutralised (`neutraliseCell`) by the source.
 */
export function csvRows(rows: readonly (readonly Cell[])[]): string {
  let out = '';
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      if (i > 0) out += ',';
      out += csvCell(row[i] ?? null);
    }
    out += '\n';
  }
  return out;
}
