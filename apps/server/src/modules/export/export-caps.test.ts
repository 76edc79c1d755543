import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { ZDataExport, ZErrorBody } from '@rally/domain';
import { dataExports } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { EXPORT_CAPS } from './start-export.js';

// Jobs do not run in this app (SCHEDULER_ENABLED=false): every export started stays queued, so the caps are
// reached by the starts alone, whatever the machine's speed.
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp({ env: { SCHEDULER_ENABLED: 'false' } });
  owner = await t.signIn('owner@brand.test');
}, 60_000);
afterAll(() => t.close());

const start = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/report/write/export/export/stores', headers: { cookie }, payload: { timeZone: 'UTC', filters: {} } });

const activeOf = (brandId: string) =>
  t.database.db.select().from(dataExports).where(and(eq(dataExports.brandId, brandId), inArray(dataExports.status, ['queued', 'running'])));

async function cancelAll(brandId: string) {
  await t.database.db.update(dataExports).set({ status: 'cancelled' }).where(eq(dataExports.brandId, brandId));
}

describe('export caps', () => {
  it("accepts a user's starts up to the cap under a burst of parallel requests, and refuses the rest with 429 and Retry-After", async () => {
    const burst = await Promise.all(Array.from({ length: 12 }, () => start(owner)));
    const accepted = burst.filter((r) => r.statusCode === 200);
    const refused = burst.filter((r) => r.statusCode === 429);
    expect(accepted.length + refused.length, burst.map((r) => `${r.statusCode} ${r.body.slice(0, 120)}`).join('\n')).toBe(12);
    expect(accepted).toHaveLength(EXPORT_CAPS.perUser);
    for (const r of refused) {
      expect(r.headers['retry-after']).toBe('30');
      const { error } = ZErrorBody.parse(r.json());
      expect(error.code).toBe('RATE_LIMITED');
      expect(error.message).toMatch(/queued or running/);
    }
    expect(await activeOf(t.brandIds.owner)).toHaveLength(EXPORT_CAPS.perUser);

    // Cancelling one makes room for one more.
    const first = ZDataExport.parse(accepted[0]!.json());
    expect((await t.app.inject({ method: 'POST', url: `/api/exports/${first.id}/cancel`, headers: { cookie: owner } })).statusCode).toBe(200);
    expect((await start(owner)).statusCode).toBe(200);
    expect((await start(owner)).statusCode).toBe(429);
    await cancelAll(t.brandIds.owner);
  });

  it("refuses a start when the brand's other members fill the brand's cap, and counts finished exports as room", async () => {
    const brandId = t.brandIds.owner;
    // Exports of other (since removed) members of the brand: no user, but the brand's.
    const others = Array.from({ length: EXPORT_CAPS.perBrand }, () => ({
      id: randomUUID(),
      brandId,
      userId: null,
      kind: 'stores' as const,
      email: 'someone@brand.test',
      userName: 'Someone',
      timeZone: 'UTC',
      status: 'running' as const,
    }));
    await t.database.db.insert(dataExports).values(others);
    const refused = await start(owner);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect(ZErrorBody.parse(refused.json()).error.message).toMatch(/brand has 10 exports/);

    // Another brand is not held by this one's exports.
    expect((await start(await t.signIn('retailer@retail.test'))).statusCode).toBe(200);

    await t.database.db.update(dataExports).set({ status: 'done' }).where(eq(dataExports.id, others[0]!.id));
    expect((await start(owner)).statusCode).toBe(200);
    await cancelAll(brandId);
  });
});
