/**
 * Reading a receipt's OCR text (product rules R122–R126): merchant, date, receipt number, line items,
 * subtotal, tax and total. Pure: the OCR runs on the server; these rules decide what its text says.
 *
 * OCR text is noisy: a decimal point is dropped ("TAX 114"), O is read for 0, a label loses a letter
 * ("TOTAI"). The rules therefore accept a few well-known slips, and say how sure they are of the total:
 * a total is `confirmed` only when the receipt's own arithmetic agrees with it (subtotal + tax, or the
 * sum of the line items), which is what lets a match be trusted without a person looking.
 */

export interface TReceiptLineItem {
  description: string;
  quantity: number;
  amountCents: number;
}

export interface TParsedReceipt {
  merchant: string | null;
  /** YYYY-MM-DD as printed (a receipt carries no zone). */
  date: string | null;
  receiptNumber: string | null;
  lineItems: TReceiptLineItem[];
  subtotalCents: number | null;
  taxCents: number | null;
  totalCents: number | null;
  /**
   * How sure the total is: confirmed (read with its decimals and the receipt's arithmetic agrees),
   * read (found on a total line but not cross-checked), none (no total line found).
   */
  totalConfidence: 'confirmed' | 'read' | 'none';
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

// Label patterns tolerate the usual OCR slips: 0 for O, 1/I/| for L, 4 for A.
const TOTAL_LABEL = /\b(?:grand\s*)?t[o0]t[a4][l1i|]\b|\bamount\s*due\b|\bbalance\s*due\b/i;
const SUBTOTAL_LABEL = /\bsub\s*-?\s*t[o0]t[a4][l1i|]\b/i;
const TAX_LABEL = /\b(?:sales\s*)?(?:tax|vat|gst|hst)\b/i;
// Lines that carry an amount but are neither items nor the total.
const OTHER_LABEL =
  /\b(?:cash|change|tender(?:ed)?|card|visa|master\s*card|amex|debit|credit|paid|payment|tip|savings|discount|points|balance)\b|t[o0]t[a4][l1i|]\s*(?:items?|qty|savings)/i;
const NUMBER_LABEL = /\b(?:receipt|rcpt|trans(?:action)?|invoice|ticket|order)\s*(?:no\.?|nbr|num(?:ber)?|#|id)?\s*[:#.]?\s*#?\s*([A-Z0-9][A-Z0-9-]{2,})\b/i;

/** Fixes digit look-alikes inside number-like tokens ("1O.5O" → "10.50", "S.99" stays text). */
function fixDigits(token: string): string {
  if (!/\d/.test(token)) return token;
  return token.replace(/[Oo]/g, '0').replace(/[lI|]/g, '1');
}

/** An amount in cents from a token like 12.34, 1,234.56, 12,34, $12.34; null when it is not one. */
export function parseAmountToken(raw: string, allowBare = false): number | null {
  const token = fixDigits(raw.replace(/^[$€£]/, '').replace(/[$€£]$/, ''));
  // No sign: the lines read (items, subtotal, tax, total) are never negative, and a dash before a figure is noise.
  let m = /^(\d{1,3}(?:[,.\s]\d{3})+|\d+)[.,](\d{2})$/.exec(token);
  if (m) return Number(m[1]!.replace(/[,.\s]/g, '')) * 100 + Number(m[2]);
  // A dropped decimal point ("114" for 1.14): every receipt amount has two decimals.
  if (allowBare && (m = /^(\d{3,7})$/.exec(token))) return Number(m[1]);
  return null;
}

/** The last amount on a line and the text before it. */
function trailingAmount(line: string, allowBare: boolean): { text: string; cents: number; strict: boolean } | null {
  // Speckles on a photo come out as stray punctuation around the figures: drop it at the ends.
  const cleaned = line.replace(/[\s.,:;'"`‘’“”~_=°*|!^-]+$/u, '').trim();
  const m = /^(.*?)[\s:-]*([$€£]?\s?[\dOoIl|][\dOoIl|,.]*[\dOo])\s*[$€£]?\s*[A-Z]?$/.exec(cleaned);
  if (!m) return null;
  const token = m[2]!.replace(/\s+/g, '');
  const strict = parseAmountToken(token, false);
  if (strict !== null) return { text: m[1]!.trim(), cents: strict, strict: true };
  if (!allowBare) return null;
  // Bare digits: only the last group (a quantity or code may precede it).
  const lastGroup = /([\dOo]{3,7})$/.exec(token);
  const bare = lastGroup ? parseAmountToken(lastGroup[1]!, true) : null;
  return bare === null ? null : { text: m[1]!.trim(), cents: bare, strict: false };
}

/** A receipt date as YYYY-MM-DD: 2026-11-21, 11/21/2026 (US first, then day first), 21 Nov 2026, Nov 21, 2026. */
export function parseReceiptDate(text: string): string | null {
  const valid = (y: number, mo: number, d: number) => {
    if (y < 2000 || y > 2100 || mo < 1 || mo > 12 || d < 1) return null;
    const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
    if (d > days) return null;
    return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  };
  const t = text.replace(/[Oo](?=\d)|(?<=\d)[Oo]/g, '0');
  let m = /\b(20\d{2})[-/.](\d{1,2})[-/.](\d{1,2})\b/.exec(t);
  if (m) return valid(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /\b(\d{1,2})[/.-](\d{1,2})[/.-](20\d{2}|\d{2})\b/.exec(t);
  if (m) {
    const y = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    return valid(y, Number(m[1]), Number(m[2])) ?? valid(y, Number(m[2]), Number(m[1]));
  }
  m = /\b(\d{1,2})\s+([A-Za-z]{3})[a-z]*\.?,?\s+(20\d{2})\b/.exec(t);
  if (m && MONTHS.includes(m[2]!.toLowerCase())) return valid(Number(m[3]), MONTHS.indexOf(m[2]!.toLowerCase()) + 1, Number(m[1]));
  m = /\b([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(20\d{2})\b/.exec(t);
  if (m && MONTHS.includes(m[1]!.toLowerCase())) return valid(Number(m[3]), MONTHS.indexOf(m[1]!.toLowerCase()) + 1, Number(m[2]));
  return null;
}

const quantityOf = (description: string): { description: string; quantity: number } => {
  const m = /\s*(?:\bx\s*(\d{1,3})\b|\b(\d{1,3})\s*[x@]\s*|\bqty\s*(\d{1,3})\b)\s*/i.exec(description);
  if (!m) return { description, quantity: 1 };
  const quantity = Number(m[1] ?? m[2] ?? m[3]);
  return { description: (description.slice(0, m.index) + ' ' + description.slice(m.index + m[0].length)).trim(), quantity: quantity > 0 ? quantity : 1 };
};

/** Reads the fields of a receipt from its OCR text (rules R122–R123). */
export function parseReceiptText(text: string): TParsedReceipt {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l !== '');

  let date: string | null = null;
  let receiptNumber: string | null = null;
  let merchant: string | null = null;
  const lineItems: TReceiptLineItem[] = [];
  let subtotalCents: number | null = null;
  let subtotalStrict = false;
  let taxCents: number | null = null;
  const totals: { cents: number; strict: boolean; grand: boolean }[] = [];
  let reachedTotals = false;

  for (const line of lines) {
    date ??= parseReceiptDate(line);
    const num = NUMBER_LABEL.exec(line);
    if (num && receiptNumber === null) {
      receiptNumber = fixDigits(num[1]!).toUpperCase();
      continue;
    }
    // The merchant is the first line of words before anything else is read.
    if (merchant === null && lineItems.length === 0 && totals.length === 0 && /[A-Za-z]{3}/.test(line) && !/^\d/.test(line) && parseReceiptDate(line) === null) {
      merchant = line.replace(/[^\p{L}\p{N}&' .-]/gu, '').trim() || null;
      continue;
    }
    if (SUBTOTAL_LABEL.test(line)) {
      const a = trailingAmount(line, true);
      if (a) {
        subtotalCents = a.cents;
        subtotalStrict = a.strict;
      }
      reachedTotals = true;
      continue;
    }
    if (TAX_LABEL.test(line) && !TOTAL_LABEL.test(line)) {
      const a = trailingAmount(line, true);
      if (a) taxCents = (taxCents ?? 0) + a.cents;
      reachedTotals = true;
      continue;
    }
    if (TOTAL_LABEL.test(line) && !OTHER_LABEL.test(line)) {
      const a = trailingAmount(line, true);
      if (a) totals.push({ cents: a.cents, strict: a.strict, grand: /grand|due/i.test(line) });
      reachedTotals = true;
      continue;
    }
    if (OTHER_LABEL.test(line) || reachedTotals) continue;
    const a = trailingAmount(line, false);
    if (a && a.text !== '' && /[A-Za-z]{2}/.test(a.text) && parseReceiptDate(line) === null) {
      const q = quantityOf(a.text);
      lineItems.push({ description: q.description, quantity: q.quantity, amountCents: a.cents });
    }
  }

  const chosen = totals.find((t) => t.grand) ?? totals[0] ?? null;
  const totalCents = chosen?.cents ?? null;
  let totalConfidence: TParsedReceipt['totalConfidence'] = chosen === null ? 'none' : 'read';
  if (chosen !== null && totalCents !== null) {
    const itemsSum = lineItems.reduce((s, i) => s + i.amountCents, 0);
    const tax = taxCents ?? 0;
    const checks = [
      subtotalCents !== null && subtotalCents + tax === totalCents,
      lineItems.length > 0 && itemsSum + tax === totalCents,
      lineItems.length > 0 && itemsSum === totalCents,
    ];
    // A bare-digit total is trusted only when a strictly read figure agrees with it.
    const anchored = chosen.strict || (subtotalStrict && checks[0]) || (lineItems.length > 0 && (checks[1] || checks[2]));
    if (checks.some(Boolean) && anchored) totalConfidence = 'confirmed';
  }
  return { merchant, date, receiptNumber, lineItems, subtotalCents, taxCents, totalCents, totalConfidence };
}
