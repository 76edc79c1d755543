import { describe, expect, it } from 'vitest';
import { decideReceipt, itemOnReceipt, normalizeReceiptNumber, type TClaimedSale } from './receipt-match.js';
import { parseAmountToken, parseReceiptDate, parseReceiptText } from './receipt-parse.js';

const RECEIPT = `CORNER MARKET
12 Main Street
Date: 2026-11-21 14:32
Receipt #: 48213
Sparkling Water x2 3.98
Orange Juice x1 4.25
Cola Zero x3 5.97
SUBTOTAL 14.20
TAX 1.14
TOTAL 15.34
CASH 20.00
CHANGE 4.66`;

const claim = (over: Partial<TClaimedSale> = {}): TClaimedSale => ({
  salesAmountCents: 1534,
  itemTitles: ['Orange Juice'],
  earliestDate: '2026-11-01',
  latestDate: '2026-11-22',
  ...over,
});

describe('reading a receipt', () => {
  it('reads merchant, date, number, line items and a total its own arithmetic confirms', () => {
    expect(parseReceiptText(RECEIPT)).toEqual({
      merchant: 'CORNER MARKET',
      date: '2026-11-21',
      receiptNumber: '48213',
      lineItems: [
        { description: 'Sparkling Water', quantity: 2, amountCents: 398 },
        { description: 'Orange Juice', quantity: 1, amountCents: 425 },
        { description: 'Cola Zero', quantity: 3, amountCents: 597 },
      ],
      subtotalCents: 1420,
      taxCents: 114,
      totalCents: 1534,
      totalConfidence: 'confirmed',
    });
  });

  it('survives the usual OCR slips: a dropped decimal point, l for 1, a label losing a letter', () => {
    const r = parseReceiptText(RECEIPT.replace('TAX 1.14', 'TAX 114').replace('TOTAL 15.34', 'TOTAI l5.34'));
    expect([r.taxCents, r.totalCents, r.totalConfidence]).toEqual([114, 1534, 'confirmed']);
  });

  it('reads a total without its decimal point only as "read" unless the arithmetic agrees', () => {
    const alone = parseReceiptText('SHOP\nTOTAL 1534');
    expect([alone.totalCents, alone.totalConfidence]).toEqual([1534, 'read']);
    const wrong = parseReceiptText(RECEIPT.replace('TOTAL 15.34', 'TOTAL 18.34'));
    expect([wrong.totalCents, wrong.totalConfidence]).toEqual([1834, 'read']);
  });

  it('prefers a grand total / amount due and ignores subtotal, cash and change lines', () => {
    const r = parseReceiptText('SHOP\nItem 5.00\nSubtotal 5.00\nTotal items 1\nAMOUNT DUE $5.40\nVISA 5.40');
    expect([r.subtotalCents, r.totalCents, r.lineItems.length]).toEqual([500, 540, 1]);
  });

  it('parses amounts and dates in the forms receipts print them', () => {
    expect([parseAmountToken('1,234.56'), parseAmountToken('12,34'), parseAmountToken('$7.05'), parseAmountToken('705')]).toEqual([123456, 1234, 705, null]);
    expect([
      parseReceiptDate('11/21/2026 09:10'),
      parseReceiptDate('21/11/2026'),
      parseReceiptDate('Nov 21, 2026'),
      parseReceiptDate('21 November 2026'),
      parseReceiptDate('2026-02-30'),
    ]).toEqual(['2026-11-21', '2026-11-21', '2026-11-21', '2026-11-21', null]);
  });
});

describe('deciding a receipt against the claimed sale', () => {
  const parsed = parseReceiptText(RECEIPT);

  it('accepts a receipt whose confirmed total equals the claim, with the claimed items, in the dates', () => {
    expect(decideReceipt(parsed, claim(), null)).toEqual({ decision: 'accept', flags: [] });
  });

  it('refuses a reused receipt (same image or same receipt number)', () => {
    expect(decideReceipt(parsed, claim(), 'image')).toEqual({ decision: 'reject', flags: ['duplicate_image'] });
    expect(decideReceipt(parsed, claim(), 'number').decision).toBe('reject');
  });

  it('never accepts a total that differs from the claim, even by a cent; queues it instead', () => {
    expect(decideReceipt(parsed, claim({ salesAmountCents: 1535 }), null)).toEqual({ decision: 'review', flags: ['total_mismatch'] });
  });

  it('queues unconfirmed totals, missing items, dates outside the campaign and unreadable fields', () => {
    const unconfirmed = parseReceiptText(RECEIPT.replace('TOTAL 15.34', 'TOTAL 15.35'));
    expect(decideReceipt(unconfirmed, claim({ salesAmountCents: 1535 }), null).flags).toEqual(['total_unconfirmed']);
    expect(decideReceipt(parsed, claim({ itemTitles: ['Lemon Tea'] }), null).flags).toEqual(['items_not_found']);
    expect(decideReceipt(parsed, claim({ earliestDate: '2026-11-25', latestDate: '2026-11-30' }), null).flags).toEqual(['date_out_of_range']);
    expect(decideReceipt(parseReceiptText(''), claim(), null).flags).toEqual(['total_unreadable', 'items_not_found', 'date_unreadable', 'merchant_unreadable']);
  });

  it('matches claimed item titles to receipt lines despite a missing letter, not to unrelated lines', () => {
    expect(itemOnReceipt('Orange Juice 1L', ['0range Juice'])).toBe(true);
    expect(itemOnReceipt('Sparkling Water', ['Sparkling Watr'])).toBe(true);
    expect(itemOnReceipt('Energy Drink', ['Cola Zero', 'Orange Juice'])).toBe(false);
  });

  it('compares receipt numbers without case or dashes and ignores too-short ones', () => {
    expect([normalizeReceiptNumber('ab-12 34'), normalizeReceiptNumber('12')]).toEqual(['AB1234', null]);
  });
});
