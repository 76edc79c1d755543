import { describe, expect, it } from 'vitest';
import { salesCompletionsFor, salesRowsFromCells, staffReferenceOf, type TSalesMission } from './sales.schema.js';

const itemSold = (over: Partial<TSalesMission> = {}): TSalesMission => ({
  campaignId: 1,
  campaignMissionId: 10,
  shape: { type: 'general', subtype: 'itemSold', isContest: false },
  startsAt: null,
  endsAt: null,
  products: [
    { itemId: 101, sku: 'SKU-A' },
    { itemId: 102, sku: 'sku-b' },
  ],
  ...over,
});
const at = Date.UTC(2026, 10, 27, 10);
const line = (row: number, sku: string, quantity = 1, amountCents = 500, soldAt = at) => ({ row, sku, quantity, amountCents, soldAt });

describe('salesCompletionsFor', () => {
  it('makes one completion per sales mission with each product once, quantities summed and the matched lines\' amount', () => {
    const plans = salesCompletionsFor([line(0, 'sku-a', 2, 1000), line(1, ' SKU-B ', 1, 300), line(2, 'SKU-A', 3, 700), line(3, 'OTHER', 1, 999)], [itemSold()]);
    expect(plans).toEqual([
      {
        campaignId: 1,
        campaignMissionId: 10,
        body: { kind: 'itemSold', items: [{ itemId: 101, quantity: 5 }, { itemId: 102, quantity: 1 }], salesAmountCents: 2000 },
        rows: [0, 1, 2],
      },
    ]);
  });

  it('takes a contest that lists products as a contest entry, and never a mission that takes no items', () => {
    const contest = itemSold({ campaignMissionId: 11, shape: { type: 'contest', subtype: 'standard', isContest: true } });
    const quiz = itemSold({ campaignMissionId: 12, shape: { type: 'learning', subtype: 'standard', isContest: false } });
    const plans = salesCompletionsFor([line(0, 'SKU-A')], [contest, quiz]);
    expect(plans.map((p) => [p.campaignMissionId, p.body.kind])).toEqual([[11, 'contest']]);
  });

  it('counts only lines sold while the campaign runs', () => {
    const window = itemSold({ startsAt: at - 1000, endsAt: at + 1000 });
    expect(salesCompletionsFor([line(0, 'SKU-A', 1, 500, at - 2000), line(1, 'SKU-A', 1, 500, at + 2000)], [window])).toEqual([]);
    expect(salesCompletionsFor([line(0, 'SKU-A', 1, 500, at)], [window])).toHaveLength(1);
  });
});

describe('sales CSV and references', () => {
  it('reads rows by header name, keeping a bad row with its reason, and refuses a file missing a column', () => {
    const parsed = salesRowsFromCells([
      ['Store POS ID', 'Staff', 'SKU', 'Qty', 'Amount_Cents', 'Sold At', 'Transaction ID'],
      ['POS-1', 'a@b.test', 'SKU-A', '2', '1000', '2026-11-27T10:00:00Z', 'T1'],
      ['POS-1', 'a@b.test', 'SKU-A', 'two', '1000', '2026-11-27T10:00:00Z', 'T2'],
      ['', '', '', '', '', '', ''],
    ]);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rows.map((r) => [r.row, r.ok])).toEqual([
      [2, true],
      [3, false],
    ]);
    expect(parsed.rows[1]).toMatchObject({ ok: false, message: expect.stringContaining('quantity') });
    expect(salesRowsFromCells([['sku', 'quantity']])).toMatchObject({ ok: false, fields: [{ path: 'file' }] });
  });

  it('reads a staff reference as a Rally id when it is digits, else as an address in any case', () => {
    expect(staffReferenceOf('812')).toEqual({ id: 812 });
    expect(staffReferenceOf(' Jamie@Store.TEST ')).toEqual({ email: 'jamie@store.test' });
    expect(staffReferenceOf('0812')).toEqual({ email: '0812' });
  });
});
