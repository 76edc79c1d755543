import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { ZCompareResult, ZErrorBody, ZImportedList, ZMergeResult, ZPosImportResult, ZStoreDetail } from '@rally/domain';
import { factories } from '../../testing/factories.js';
import { multipartBody } from '../../testing/multipart.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let owner: string;
let retailer: string;
let brand: string;
let main: { id: number };
let harbor: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('owner@brand.test');
  retailer = await t.signIn('retailer@retail.test');
  brand = t.brandIds.owner;
  const f = factories(t.database.db);
  main = await f.store(brand, { name: 'Brightside Market Main Street', street: '12 Main Street', city: 'Springfield', postalCode: '62701', countryCode: 'US', formattedAddress: '12 Main Street, 62701 Springfield, US' });
  harbor = await f.store(brand, { name: 'Harbor Foods', street: '5 Dock Road', city: 'Portland', postalCode: '04101', countryCode: 'US', formattedAddress: '5 Dock Road, 04101 Portland, US' });
  await f.store(brand, { name: 'Alpine Grocer', street: '1 Bergweg', city: 'Zürich', postalCode: '8001', countryCode: 'CH', formattedAddress: '1 Bergweg, 8001 Zürich, CH' });
}, 60_000);
afterAll(() => t.close());

const post = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

async function uploadCsv(cookie: string, name: string, text: string) {
  const body = multipartBody({ name, bytes: Buffer.from(text) });
  return t.app.inject({ method: 'POST', url: '/api/pos/write/store/import-file', headers: { cookie, 'content-type': body.contentType }, payload: body.payload });
}

describe('POS import and merge', () => {
  it('imports a CSV store list into the queue and refreshes pending rows on a second import', async () => {
    const csv = 'POS ID,Store Name,Address,City,Zip,Country\nP-1,Brightside Mkt Main St,12 Main St,Springfield,62701,US\nP-2,Harbour Foods,5 Dock Rd,Portland,04101,us\nP-3,Brand New Store,9 Elm St,Austin,73301,US\n';
    const first = await uploadCsv(owner, 'pos.csv', csv);
    expect(first.statusCode, first.body).toBe(200);
    expect(ZPosImportResult.parse(first.json())).toEqual({ imported: 3, updated: 0, unchanged: 0, skippedDecided: 0 });
    const again = await post(owner, '/api/pos/write/store/import', {
      stores: [
        { refId: 'P-3', name: 'Brand New Store', street: '9 Elm Street', city: 'Austin', postalCode: '73301', countryCode: 'US' },
        { refId: 'P-1', name: 'Brightside Mkt Main St', street: '12 Main St', city: 'Springfield', postalCode: '62701', countryCode: 'US' },
      ],
    });
    expect(ZPosImportResult.parse(again.json())).toEqual({ imported: 0, updated: 1, unchanged: 1, skippedDecided: 0 });
    const list = ZImportedList.parse((await post(owner, '/api/pos/read/store/imported-list', { sort: 'refId' })).json());
    expect(list.items.map((i) => i.refId)).toEqual(['P-1', 'P-2', 'P-3']);
    expect(list._meta.totalCount).toBe(3);
    const desc = ZImportedList.parse((await post(owner, '/api/pos/read/store/imported-list', { sort: '-name', perPage: 2 })).json());
    expect(desc.items.map((i) => i.storeName)).toEqual(['Harbour Foods', 'Brightside Mkt Main St']);
    expect(desc._meta.pageCount).toBe(2);
  });

  it('reads an XLSX store list and names the rows it cannot take', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Stores');
    sheet.addRow(['refId', 'name', 'countryCode']);
    sheet.addRow(['X-1', 'Xlsx Store', 'US']);
    sheet.addRow(['X-2', '', 'USA']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const body = multipartBody({ name: 'pos.xlsx', bytes });
    const res = await t.app.inject({ method: 'POST', url: '/api/pos/write/store/import-file', headers: { cookie: owner, 'content-type': body.contentType }, payload: body.payload });
    expect(res.statusCode).toBe(400);
    const messages = ZErrorBody.parse(res.json()).error.fields.map((x) => x.message).join(' | ');
    expect(messages).toMatch(/row 3, name/);
    expect(messages).toMatch(/row 3, countryCode/);
    const noHeader = await uploadCsv(owner, 'pos.csv', 'a,b\n1,2\n');
    expect(ZErrorBody.parse(noHeader.json()).error.fields[0]!.path).toBe('file');
  });

  it('proposes the most similar stores first, with the fields side by side', async () => {
    const near = ZCompareResult.parse((await get(owner, '/api/pos/read/store/compare-imported-stores?refId=P-1')).json());
    expect(near.imported.storeName).toBe('Brightside Mkt Main St');
    expect(near.candidates[0]!.store.id).toBe(main.id);
    expect(near.candidates[0]).toMatchObject({ sameCountry: true, samePostalCode: true });
    expect(near.candidates[0]!.score).toBeGreaterThan(0.5);
    const harbour = ZCompareResult.parse((await get(owner, '/api/pos/read/store/compare-imported-stores?refId=P-2')).json());
    expect(harbour.candidates[0]!.store.id).toBe(harbor.id);
    const fresh = ZCompareResult.parse((await get(owner, '/api/pos/read/store/compare-imported-stores?refId=P-3')).json());
    expect(fresh.candidates.every((c) => c.score < 0.5)).toBe(true);
    expect((await get(owner, '/api/pos/read/store/compare-imported-stores?refId=nope')).statusCode).toBe(404);
  });

  it('merges per field, idempotently, and logs the merge on the store', async () => {
    const body = { refId: 'P-2', rallyStoreId: harbor.id, acceptFrom: { storeName: 'imported' } };
    const first = ZMergeResult.parse((await post(owner, '/api/pos/write/store/confirm-store-merge', body)).json());
    expect(first).toMatchObject({ storeId: harbor.id, alreadyDone: false, imported: { status: 'merged' } });
    const again = ZMergeResult.parse((await post(owner, '/api/pos/write/store/confirm-store-merge', body)).json());
    expect(again.alreadyDone).toBe(true);
    const page = ZStoreDetail.parse((await get(owner, `/api/store/read/store/${harbor.id}`)).json());
    expect(page.store).toMatchObject({ storeName: 'Harbour Foods', street: '5 Dock Road', externalStoreId: 'P-2' });
    expect(page.activity.filter((a) => a.action === 'pos-merged')).toHaveLength(1);
    // Into another store, or kept apart after merging: a conflict naming refId.
    const elsewhere = await post(owner, '/api/pos/write/store/confirm-store-merge', { ...body, rallyStoreId: main.id });
    expect(elsewhere.statusCode).toBe(409);
    expect((await post(owner, '/api/pos/write/store/ignore-store-merge', { refId: 'P-2' })).statusCode).toBe(409);
  });

  it('merges a row once when two confirms race', async () => {
    const body = { refId: 'P-1', rallyStoreId: main.id, acceptFrom: {} };
    const results = await Promise.all([1, 2, 3].map(() => post(owner, '/api/pos/write/store/confirm-store-merge', body)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const parsed = results.map((r) => ZMergeResult.parse(r.json()));
    expect(parsed.filter((p) => !p.alreadyDone)).toHaveLength(1);
    const page = ZStoreDetail.parse((await get(owner, `/api/store/read/store/${main.id}`)).json());
    expect(page.activity.filter((a) => a.action === 'pos-merged')).toHaveLength(1);
    expect(page.store.storeName).toBe('Brightside Market Main Street');
  });

  it('keeps a new store apart: it becomes a pending store of its own, once', async () => {
    const first = ZMergeResult.parse((await post(owner, '/api/pos/write/store/ignore-store-merge', { refId: 'P-3' })).json());
    const again = ZMergeResult.parse((await post(owner, '/api/pos/write/store/ignore-store-merge', { refId: 'P-3' })).json());
    expect(again).toMatchObject({ alreadyDone: true, storeId: first.storeId });
    const page = ZStoreDetail.parse((await get(owner, `/api/store/read/store/${first.storeId}`)).json());
    expect(page.store).toMatchObject({ storeName: 'Brand New Store', status: 'pending', externalStoreId: 'P-3' });
    // A later import of the same refId leaves the decided row alone.
    const re = await post(owner, '/api/pos/write/store/import', { stores: [{ refId: 'P-3', name: 'Renamed', countryCode: 'US' }] });
    expect(ZPosImportResult.parse(re.json()).skippedDecided).toBe(1);
  });

  it('keeps each brand to its own queue and stores', async () => {
    expect((await get(retailer, '/api/pos/read/store/compare-imported-stores?refId=P-1')).statusCode).toBe(404);
    expect(ZImportedList.parse((await post(retailer, '/api/pos/read/store/imported-list', {})).json()).items).toEqual([]);
    await post(retailer, '/api/pos/write/store/import', { stores: [{ refId: 'R-1', name: 'Retail One', countryCode: 'US' }] });
    const intoOther = await post(retailer, '/api/pos/write/store/confirm-store-merge', { refId: 'R-1', rallyStoreId: harbor.id, acceptFrom: {} });
    expect(intoOther.statusCode).toBe(404);
  });
});
