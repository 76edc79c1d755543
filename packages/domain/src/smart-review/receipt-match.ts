import type { TParsedReceipt } from './receipt-parse.js';

/**
 * Deciding a receipt against the sale it should prove (product rules R124–R126, decision 0009).
 * Accepting without a person is allowed only when everything agrees; any doubt goes to the review
 * queue, and a reused receipt is refused.
 */

export const RECEIPT_STATUSES = ['queued', 'review', 'accepted', 'rejected'] as const;
export type TReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/** Why a receipt was not accepted automatically (shown in the review queue), or why it was refused. */
export const RECEIPT_FLAGS = [
  'duplicate_image',
  'duplicate_number',
  'total_unreadable',
  'total_unconfirmed',
  'total_mismatch',
  'items_not_found',
  'nothing_claimed',
  'date_unreadable',
  'date_out_of_range',
  'merchant_unreadable',
  'smart_review_off',
  'ocr_failed',
] as const;
export type TReceiptFlag = (typeof RECEIPT_FLAGS)[number];

/** A receipt may be dated this many days before the campaign started (bought the evening before). */
export const RECEIPT_DATE_GRACE_DAYS = 1;

export interface TClaimedSale {
  salesAmountCents: number;
  /** Titles of the items the participant says they sold. */
  itemTitles: string[];
  /** The campaign's first day and the submit day, YYYY-MM-DD (receipt dates carry no zone). */
  earliestDate: string | null;
  latestDate: string;
}

export interface TReceiptDecision {
  decision: 'accept' | 'reject' | 'review';
  flags: TReceiptFlag[];
}

const words = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .split(/\s+/)
    // OCR reads 0 for o and 1 for l inside words.
    .map((w) => (/\p{L}/u.test(w) ? w.replace(/0/g, 'o').replace(/1/g, 'l') : w))
    .filter((w) => w.length >= 3);

/** At most one letter inserted, dropped or changed. */
function nearlyEqual(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1 || Math.min(a.length, b.length) < 4) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const restA = a.slice(i);
  const restB = b.slice(i);
  return restA.slice(1) === restB.slice(1) || restA.slice(1) === restB || restA === restB.slice(1);
}

/** True when most words of an item's title appear in one receipt line (OCR may drop a letter or a word). */
export function itemOnReceipt(title: string, descriptions: string[]): boolean {
  const want = words(title);
  if (want.length === 0) return false;
  return descriptions.some((d) => {
    const have = words(d);
    const found = want.filter((w) => have.some((h) => nearlyEqual(w, h))).length;
    return found / want.length >= 0.6;
  });
}

const addDays = (isoDate: string, days: number) => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * The automatic decision. Duplicates are refused (R124). A receipt is accepted only when its total is
 * confirmed by its own arithmetic and equals the claimed amount to the cent, every claimed item is on
 * it, its date falls between the campaign's start (less a day's grace) and the submit day (plus a day
 * for time zones), and a merchant was read (R125). Everything else goes to the review queue (R126).
 */
export function decideReceipt(parsed: TParsedReceipt, claim: TClaimedSale, duplicate: 'image' | 'number' | null): TReceiptDecision {
  if (duplicate === 'image') return { decision: 'reject', flags: ['duplicate_image'] };
  if (duplicate === 'number') return { decision: 'reject', flags: ['duplicate_number'] };
  const flags: TReceiptFlag[] = [];
  if (parsed.totalCents === null) flags.push('total_unreadable');
  else if (parsed.totalConfidence !== 'confirmed') flags.push('total_unconfirmed');
  if (claim.salesAmountCents > 0 && parsed.totalCents !== null && parsed.totalCents !== claim.salesAmountCents) flags.push('total_mismatch');
  if (claim.salesAmountCents <= 0 && claim.itemTitles.length === 0) flags.push('nothing_claimed');
  const descriptions = parsed.lineItems.map((i) => i.description);
  if (claim.itemTitles.some((t) => !itemOnReceipt(t, descriptions))) flags.push('items_not_found');
  if (parsed.date === null) flags.push('date_unreadable');
  else if (
    parsed.date > addDays(claim.latestDate, 1) ||
    (claim.earliestDate !== null && parsed.date < addDays(claim.earliestDate, -RECEIPT_DATE_GRACE_DAYS))
  )
    flags.push('date_out_of_range');
  if (parsed.merchant === null) flags.push('merchant_unreadable');
  return flags.length === 0 ? { decision: 'accept', flags } : { decision: 'review', flags };
}

/** Receipt numbers compare without case, spaces or dashes; too short a number proves nothing. */
export function normalizeReceiptNumber(n: string | null): string | null {
  if (n === null) return null;
  const v = n.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return v.length >= 4 ? v : null;
}

/** Merchants compare on their letters and digits only. */
export const normalizeMerchant = (m: string | null) => (m ?? '').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
