import { z } from 'zod';
import { ZEpochSeconds } from '../shared/api-schemas.js';
import { INT4_MAX, MONEY_MAX_CENTS, textProblem, ZCents, ZIdRef, zText } from '../shared/limits.js';
import { submissionKindFor, type TMissionShape } from '../engine/engine-rules.js';

/**
 * Sales from a brand's point of sale (issue 31, decision 0030): lines posted with an API key (`sales:write`) or
 * dropped as a CSV file, attributed to a staff member and a store, and turned into item-sold completions (with the
 * sale's amount, so sales-amount rewards count it) through the engine's one issuance path. Each transaction id is
 * credited once per brand.
 */
export const SALES_LIMITS = {
  /** Lines in one JSON call of POST /api/v1/sales; a longer list is a 400 naming `lines`. */
  linesPerCall: 1_000,
  /** Lines in one CSV file (a dashboard upload or a text/csv call). */
  linesPerFile: 200_000,
  /** Lines of one transaction (a completion lists at most 200 products). */
  linesPerTransaction: 200,
  quantityMax: 10_000,
  textMax: 120,
  /** Rows of a batch's problems listed in one page. */
  rowsPage: 200,
} as const;

/** What happened to a line: credited, or why not. `refused`: the engine said no (entries limit, receipt required…). */
export const SALES_LINE_OUTCOMES = [
  'credited',
  'duplicate_transaction',
  'unknown_sku',
  'unknown_staff',
  'unknown_store',
  'not_in_live_campaign',
  'refused',
  'invalid',
] as const;
export type TSalesLineOutcome = (typeof SALES_LINE_OUTCOMES)[number];

export const SALES_BATCH_SOURCES = ['api', 'file'] as const;
export type TSalesBatchSource = (typeof SALES_BATCH_SOURCES)[number];
export const SALES_BATCH_STATUSES = ['queued', 'processing', 'done', 'failed'] as const;
export type TSalesBatchStatus = (typeof SALES_BATCH_STATUSES)[number];

const zKey = (what: string) =>
  zText(SALES_LIMITS.textMax)
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, { message: `${what} is required` });

/** An instant with its offset (ISO 8601, e.g. 2026-11-27T10:15:00Z). */
const ZSoldAt = z.iso.datetime({ offset: true, message: 'an ISO 8601 instant with its offset, e.g. 2026-11-27T10:15:00Z' });

/** One sales line as a POS sends it. `staff` is the staff member's email address or their Rally staff id. */
export const ZSalesLine = z
  .object({
    storePosId: zKey('the store\'s point-of-sale id'),
    staff: zKey('the staff member'),
    sku: zKey('the SKU'),
    quantity: z.number().int({ message: 'a whole number' }).min(1, { message: 'at least 1' }).max(SALES_LIMITS.quantityMax, { message: `at most ${SALES_LIMITS.quantityMax}` }),
    amountCents: ZCents,
    soldAt: ZSoldAt,
    transactionId: zKey('the transaction id'),
  })
  .strict();
export type TSalesLine = z.infer<typeof ZSalesLine>;

/** POST /api/v1/sales (application/json): a batch of at most SALES_LIMITS.linesPerCall lines. */
export const ZSalesPostBody = z
  .object({
    lines: z
      .array(ZSalesLine)
      .min(1, { message: 'at least one line' })
      .max(SALES_LIMITS.linesPerCall, { message: `at most ${SALES_LIMITS.linesPerCall} lines per call; send the rest in another call or as a CSV file` }),
  })
  .strict();
export type TSalesPostBody = z.infer<typeof ZSalesPostBody>;

/** A line's staff reference: a Rally staff id (digits) or an email address (any case). */
export function staffReferenceOf(staff: string): { id: number } | { email: string } {
  const s = staff.trim();
  if (/^[1-9][0-9]{0,9}$/.test(s) && Number(s) <= INT4_MAX) return { id: Number(s) };
  return { email: s.toLowerCase() };
}

/** SKUs and POS ids are matched trimmed and in any case. */
export const salesKey = (s: string) => s.trim().toLowerCase();

// ——— CSV ———

/** Header names the CSV reader accepts per field (compared lower-case, without spaces, `_` and `-`). */
export const SALES_CSV_HEADERS = {
  storePosId: ['storeposid', 'posid', 'store', 'storeid'],
  staff: ['staff', 'staffemail', 'staffreference', 'staffref', 'email', 'employee'],
  sku: ['sku', 'item', 'itemsku', 'product'],
  quantity: ['quantity', 'qty'],
  amountCents: ['amountcents', 'amount'],
  soldAt: ['soldat', 'date', 'time', 'timestamp'],
  transactionId: ['transactionid', 'transaction', 'receipt', 'receiptid'],
} as const;

export type TSalesFileRow = { row: number; ok: true; line: TSalesLine } | { row: number; ok: false; raw: Record<keyof TSalesLine, string>; message: string };

/**
 * The rows of a sales CSV (cells as the spreadsheet reader gives them, header first): each row checked with
 * ZSalesLine, a bad row kept with its message (reported back as `invalid`), never a reason to refuse the file. The
 * file is refused (fields naming `file`) only when its header lacks a column.
 */
export function salesRowsFromCells(
  cells: readonly (readonly string[])[],
): { ok: true; rows: TSalesFileRow[] } | { ok: false; fields: { path: string; message: string }[] } {
  const header = (cells[0] ?? []).map((h) => h.toLowerCase().replace(/[\s_-]/g, ''));
  const at: Partial<Record<keyof TSalesLine, number>> = {};
  for (const [field, names] of Object.entries(SALES_CSV_HEADERS) as [keyof TSalesLine, readonly string[]][]) {
    const i = header.findIndex((h) => names.includes(h));
    if (i >= 0) at[field] = i;
  }
  const missing = (Object.keys(SALES_CSV_HEADERS) as (keyof TSalesLine)[]).filter((f) => at[f] === undefined);
  if (missing.length > 0)
    return { ok: false, fields: [{ path: 'file', message: `the first row names no ${missing.join(', ')} column (store_pos_id, staff, sku, quantity, amount_cents, sold_at, transaction_id)` }] };
  const rows: TSalesFileRow[] = [];
  for (let i = 1; i < cells.length; i++) {
    const c = cells[i]!;
    if (c.every((v) => v.trim() === '')) continue;
    if (rows.length >= SALES_LIMITS.linesPerFile)
      return { ok: false, fields: [{ path: 'file', message: `at most ${SALES_LIMITS.linesPerFile.toLocaleString('en')} lines per file` }] };
    const cell = (f: keyof TSalesLine) => (c[at[f]!] ?? '').trim();
    const raw = {
      storePosId: cell('storePosId'),
      staff: cell('staff'),
      sku: cell('sku'),
      quantity: cell('quantity'),
      amountCents: cell('amountCents'),
      soldAt: cell('soldAt'),
      transactionId: cell('transactionId'),
    };
    const whole = (s: string) => (/^-?[0-9]{1,15}$/.test(s) ? Number(s) : s);
    const parsed = ZSalesLine.safeParse({ ...raw, quantity: whole(raw.quantity), amountCents: whole(raw.amountCents) });
    if (parsed.success) rows.push({ row: i + 1, ok: true, line: parsed.data });
    else {
      const issue = parsed.error.issues[0]!;
      rows.push({ row: i + 1, ok: false, raw: clipRaw(raw), message: `${String(issue.path[0] ?? 'row')}: ${issue.message}` });
    }
  }
  return { ok: true, rows };
}

/** What a bad row keeps of its cells: storable text of bounded length. */
function clipRaw<T extends Record<string, string>>(raw: T): T {
  const out = {} as Record<string, string>;
  for (const [k, v] of Object.entries(raw)) out[k] = textProblem(v) ? '' : v.slice(0, SALES_LIMITS.textMax);
  return out as T;
}

// ——— the rule: a transaction's lines → completions ———

/** A sales mission of a live campaign reaching the staff member, with its products' SKUs. */
export interface TSalesMission {
  campaignId: number;
  campaignMissionId: number;
  shape: TMissionShape;
  /** The campaign's window: a sale counts when sold within it (null: open). Epoch milliseconds. */
  startsAt: number | null;
  endsAt: number | null;
  products: { itemId: number; sku: string }[];
}

export interface TSalesTransactionLine {
  /** The line's index in its batch (row number). */
  row: number;
  sku: string;
  quantity: number;
  amountCents: number;
  /** Epoch milliseconds. */
  soldAt: number;
}

export interface TSalesCompletionPlan {
  campaignId: number;
  campaignMissionId: number;
  /** The submission the engine grades, exactly what /play sends for the mission. */
  body: { kind: 'itemSold' | 'contest'; items: { itemId: number; quantity: number }[]; salesAmountCents: number };
  /** Rows of the lines it counts. */
  rows: number[];
}

/**
 * How a transaction's lines become completions: one completion per sales mission (item sold, or a contest that
 * lists products — the missions whose submission kind takes items, `submissionKindFor`) that has a line's SKU among
 * its products and was live when the line was sold. It lists each product once with the quantities summed and
 * carries the matched lines' amount as its sales amount, so the engine's own rules decide what it earns: item-sold
 * assignments by the items (`qualifyingFilter`), sales-amount assignments by the amount (single or accumulated).
 * Lines matching no mission are left out (the caller reports them).
 */
export function salesCompletionsFor(lines: readonly TSalesTransactionLine[], missions: readonly TSalesMission[]): TSalesCompletionPlan[] {
  const plans: TSalesCompletionPlan[] = [];
  for (const m of missions) {
    const kind = submissionKindFor(m.shape);
    if (kind !== 'itemSold' && kind !== 'contest') continue;
    const bySku = new Map(m.products.map((p) => [salesKey(p.sku), p.itemId]));
    const quantities = new Map<number, number>();
    let amount = 0;
    const rows: number[] = [];
    for (const l of lines) {
      const itemId = bySku.get(salesKey(l.sku));
      if (itemId === undefined) continue;
      if ((m.startsAt !== null && l.soldAt < m.startsAt) || (m.endsAt !== null && l.soldAt > m.endsAt)) continue;
      quantities.set(itemId, (quantities.get(itemId) ?? 0) + l.quantity);
      amount += l.amountCents;
      rows.push(l.row);
    }
    if (rows.length === 0) continue;
    plans.push({
      campaignId: m.campaignId,
      campaignMissionId: m.campaignMissionId,
      body: {
        kind,
        items: [...quantities].map(([itemId, quantity]) => ({ itemId, quantity: Math.min(quantity, 1_000_000) })),
        salesAmountCents: Math.min(amount, MONEY_MAX_CENTS),
      },
      rows,
    });
  }
  return plans;
}

// ——— answers ———

export const ZSalesRowResult = z.object({
  /** The line's place: its index in `lines` (0-based) for a JSON call, its row in the file (header = 1) for a CSV. */
  row: z.number().int(),
  transactionId: z.string(),
  outcome: z.enum(SALES_LINE_OUTCOMES),
  /** Why, for anything but credited. */
  message: z.string().nullable(),
  /** The staff member credited (credited rows). */
  staffId: ZIdRef.nullable(),
});
export type TSalesRowResult = z.infer<typeof ZSalesRowResult>;

export const ZSalesBatch = z.object({
  id: ZIdRef,
  source: z.enum(SALES_BATCH_SOURCES),
  fileName: z.string().nullable(),
  status: z.enum(SALES_BATCH_STATUSES),
  /** Who sent it: the API key's or the person's name. */
  sentBy: z.string(),
  lines: z.number().int().nonnegative(),
  /** Lines processed so far (progress of a file). */
  processed: z.number().int().nonnegative(),
  credited: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
  /** Lines not credited for another reason than a duplicate transaction. */
  problems: z.number().int().nonnegative(),
  completions: z.number().int().nonnegative(),
  unlocks: z.number().int().nonnegative(),
  /** Why a file could not be read (status failed). */
  error: z.string().nullable(),
  createdAt: ZEpochSeconds,
  finishedAt: ZEpochSeconds.nullable(),
});
export type TSalesBatch = z.infer<typeof ZSalesBatch>;

/** The answer of a JSON POST /api/v1/sales: the batch and every line's outcome, in the order sent. */
export const ZSalesPostResult = z.object({ batch: ZSalesBatch, rows: z.array(ZSalesRowResult) });
export type TSalesPostResult = z.infer<typeof ZSalesPostResult>;

export const ZSalesBatchList = z.object({ items: z.array(ZSalesBatch) });
export type TSalesBatchList = z.infer<typeof ZSalesBatchList>;

export const ZSalesBatchRow = z.object({
  row: z.number().int(),
  storePosId: z.string(),
  staff: z.string(),
  sku: z.string(),
  quantity: z.number().int().nullable(),
  amountCents: z.number().int().nullable(),
  transactionId: z.string(),
  outcome: z.enum(SALES_LINE_OUTCOMES).nullable(),
  message: z.string().nullable(),
});
export type TSalesBatchRow = z.infer<typeof ZSalesBatchRow>;

export const ZSalesCredit = z.object({
  transactionId: z.string(),
  campaignId: ZIdRef,
  campaignName: z.string(),
  staffId: ZIdRef,
  staffName: z.string(),
  completionId: ZIdRef,
  unlocks: z.number().int().nonnegative(),
});
export type TSalesCredit = z.infer<typeof ZSalesCredit>;

/** GET …/sales/batches/{id}: the batch, its rows (all, or those with a problem) and what it credited. */
export const ZSalesBatchDetail = z.object({
  batch: ZSalesBatch,
  rows: z.array(ZSalesBatchRow),
  credits: z.array(ZSalesCredit),
});
export type TSalesBatchDetail = z.infer<typeof ZSalesBatchDetail>;

export const ZSalesBatchQuery = z.object({
  /** `problems`: only rows not credited. */
  rows: z.enum(['all', 'problems']).default('problems'),
}).strict();
