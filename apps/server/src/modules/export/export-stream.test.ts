import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stringify } from 'csv-stringify/sync';
import { loadTestEnv } from '../../config/test-env.js';
import { insertBrand } from '../../seed/demo-accounts.js';
import { factories } from '../../testing/factories.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { exportSource, type Cell, type ExportSource } from './export-sources.js';
import { batchSize, createLookup, csvRows, streamExport } from './export-stream.js';
import { storesByIds } from './export.repository.js';

const env = loadTestEnv({});
let testDb: TestDatabase;
let brandId: string;
let storeIds: number[];

beforeAll(async () => {
  testDb = await createTestDatabase(env.TEST_DATABASE_URL);
  const db = testDb.database.db;
  brandId = await insertBrand(db, { slug: 'stream-test', name: 'Stream Test', isRetailer: false, consumerEnabled: false });
  const f = factories(db);
  storeIds = [];
  for (let i = 0; i < 23; i++) storeIds.push((await f.store(brandId, { name: `Store ${i}` })).id);
}, 60_000);
afterAll(async () => testDb?.dispose());

/** The brand's real store source, counting the reads that are running at once. */
function watchedSource() {
  const source = exportSource(testDb.database.db, 'stores', brandId, {}, 'UTC');
  const seen = { running: 0, mostRunning: 0, sizes: [] as number[] };
  const watched: ExportSource = {
    ...source,
    async batch(afterId, limit) {
      seen.running += 1;
      seen.mostRunning = Math.max(seen.mostRunning, seen.running);
      seen.sizes.push(limit);
      try {
        return await source.batch(afterId, limit);
      } finally {
        seen.running -= 1;
      }
    },
  };
  return { source: watched, seen };
}

describe('streaming an export', () => {
  it('writes every row once, in id order, through batches that grow from the first size to the cap', async () => {
    const { source, seen } = watchedSource();
    const written: Cell[][] = [];
    const progress: number[] = [];
    const result = await streamExport({
      source,
      firstBatchRows: 2,
      maxBatchRows: 8,
      write: async (rows) => void written.push(...rows),
      afterBatch: async (done) => (progress.push(done), true),
    });
    expect(result).toEqual({ done: 23, complete: true });
    expect(written.map((r) => r[0])).toEqual(storeIds);
    expect(progress).toEqual([2, 6, 14, 22, 23]);
    expect(seen.sizes).toEqual([2, 4, 8, 8, 8]);
  });

  it('reads at most one batch ahead of the one being written', async () => {
    const { source, seen } = watchedSource();
    await streamExport({
      source,
      firstBatchRows: 3,
      maxBatchRows: 3,
      async write() {
        // While a batch is written the next read may run, and no other.
        await new Promise((resolve) => setTimeout(resolve, 5));
        expect(seen.running).toBeLessThanOrEqual(1);
      },
      afterBatch: async () => true,
    });
    expect(seen.mostRunning).toBe(1);
    expect(seen.running).toBe(0);
  });

  it('stops after the batch whose progress finds the export cancelled, with no read left running', async () => {
    const { source, seen } = watchedSource();
    const batches: number[] = [];
    const result = await streamExport({
      source,
      firstBatchRows: 2,
      maxBatchRows: 8,
      write: async (rows) => void batches.push(rows.length),
      afterBatch: async (_done, index) => index < 1,
    });
    expect(result).toEqual({ done: 6, complete: false });
    expect(batches).toEqual([2, 4]);
    expect(seen.running).toBe(0);
  });

  it('sizes batches by doubling up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 40].map((i) => batchSize(i, 1_000, 5_000))).toEqual([1_000, 2_000, 4_000, 5_000, 5_000, 5_000, 5_000]);
  });
});

describe('names by id', () => {
  it('reads each id once per export, knows ids without a row as missing, and starts over past its cap', async () => {
    const reads: number[][] = [];
    const stores = createLookup(async (ids) => {
      reads.push([...ids].sort((a, b) => a - b));
      return storesByIds(testDb.database.db, ids);
    }, 4);
    const [a, b, c, d, e] = storeIds as [number, number, number, number, number];
    await stores.load([a, b, null, a]);
    await stores.load([b, a]);
    expect(reads).toEqual([[a, b]]);
    expect(stores.get(a)?.name).toBe('Store 0');
    expect(stores.get(null)).toBeUndefined();
    await stores.load([c, 2_000_000_000]);
    expect(stores.get(2_000_000_000)).toBeUndefined();
    expect(reads).toHaveLength(2);
    // Past 4 ids it keeps only what the current batch needs.
    await stores.load([d, e]);
    expect(reads[2]).toEqual([d, e]);
    expect(stores.get(e)?.name).toBe('Store 4');
    expect(stores.get(a)).toBeUndefined();
  });
});

describe('csvRows', () => {
  const cell = fc.oneof(
    fc.string({ unit: fc.constantFrom('a', 'É', '"', ',', '\n', '\r', ' ', "'", '=', '\t', '😀') }),
    fc.string(),
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.constant(null),
  );

  it('writes what csv-stringify writes for any cells (quotes, commas, line breaks, numbers, empty cells)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }).chain((width) => fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 12 })), (rows) => {
        expect(csvRows(rows)).toBe(stringify(rows));
      }),
      { numRuns: 500 },
    );
  });

  it('quotes a cell with a quote, comma or line break and doubles its quotes', () => {
    expect(csvRows([['a"b', 'c,d', 'e\nf', 'g\rh', 'plain', null, 12.5]])).toBe('"a""b","c,d","e\nf","g\rh",plain,,12.5\n');
  });
});
