import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { factories } from '../../testing/factories.js';
import { playCookie, runningCampaign, submit } from '../../testing/engine-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A fresh migrated template takes a while on a busy machine.
}, 300_000);
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

const enterFor = (cookie: string, colleagueId: number, campaignId: number, cmId: number, body: unknown, key: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/play/colleagues/${colleagueId}/campaigns/${campaignId}/missions/${cmId}/completions`,
    headers: { cookie, 'idempotency-key': key },
    payload: body as Record<string, unknown>,
  });

/** A running sales campaign at one store: a manager, two staff, and a reward unlocked by one sale. */
async function storeWithManager() {
  const k = await runningCampaign(db(), t.brandIds.owner, { mission: { subtype: 'itemSold' }, items: 'options', participants: 2 });
  const reward = await k.reward({ type: 'prize', title: 'Free can', completionsToUnlock: 1, maxPerUser: 1 });
  const manager = await factories(db()).storeUser(t.brandIds.owner, k.store.id, { name: 'Mona Manager', role: 'manager' });
  const [colleague, other] = k.users as [(typeof k.users)[0], (typeof k.users)[0]];
  const sale = { kind: 'itemSold', items: [{ itemId: k.itemIds[0], quantity: 2 }], salesAmountCents: 4_000 };
  return { k, reward, manager, colleague, other, sale, managerCookie: await playCookie(db(), t.brandIds.owner, manager.id) };
}

describe("a store manager's entry for a colleague", () => {
  it("credits the colleague through the engine: the completion, progress and unlock are the colleague's, entered by the manager", async () => {
    const s = await storeWithManager();
    const res = await enterFor(s.managerCookie, s.colleague.id, s.k.campaign.id, s.k.cm.id, s.sale, 'entry-key-0001');
    expect(res.statusCode).toBe(201);
    expect(res.json().unlocked.map((u: { rewardId: number }) => u.rewardId)).toEqual([s.reward.id]);
    const [row] = rowsOf<{ store_user_id: number; entered_by: number; store_id: number; sales_amount_cents: string }>(
      await db().execute(sql`select store_user_id, entered_by, store_id, sales_amount_cents from completions where id = ${res.json().completion.id}`),
    );
    expect(row).toEqual({ store_user_id: s.colleague.id, entered_by: s.manager.id, store_id: s.k.store.id, sales_amount_cents: expect.anything() });
    // The colleague sees the reward and the progress; the manager has neither.
    const colleagueCookie = await playCookie(db(), t.brandIds.owner, s.colleague.id);
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/play/rewards', headers: { cookie: colleagueCookie } })).json();
    expect(JSON.stringify(theirs)).toContain('Free can');
    const mine = (await t.app.inject({ method: 'GET', url: '/api/play/rewards', headers: { cookie: s.managerCookie } })).json();
    expect(JSON.stringify(mine)).not.toContain('Free can');
    const unlocks = rowsOf<{ store_user_id: number }>(await db().execute(sql`select store_user_id from reward_unlocks where reward_id = ${s.reward.id}`));
    expect(unlocks).toEqual([{ store_user_id: s.colleague.id }]);
    // A retry with the same key answers the first result; nothing more is issued.
    const replay = await enterFor(s.managerCookie, s.colleague.id, s.k.campaign.id, s.k.cm.id, s.sale, 'entry-key-0001');
    expect([replay.statusCode, replay.json().replayed]).toEqual([200, true]);
    // The colleague's own limit now counts the manager's entry: maxPerUser 1 is reached.
    const own = await submit(t.app, colleagueCookie, s.k.campaign.id, s.k.cm.id, s.sale);
    expect([own.statusCode, own.json().unlocked]).toEqual([201, []]);
  });

  it('lists the active colleagues of my store to a manager, and refuses the list to anyone else (403 naming role)', async () => {
    const s = await storeWithManager();
    const list = await t.app.inject({ method: 'GET', url: '/api/play/colleagues', headers: { cookie: s.managerCookie } });
    expect(list.json().colleagues.map((c: { id: number }) => c.id).sort()).toEqual([s.colleague.id, s.other.id].sort());
    const staffCookie = await playCookie(db(), t.brandIds.owner, s.colleague.id);
    const refused = await t.app.inject({ method: 'GET', url: '/api/play/colleagues', headers: { cookie: staffCookie } });
    expect([refused.statusCode, refused.json().error.fields[0].path]).toEqual([403, 'role']);
  });

  it('refuses non-managers, colleagues of another store or brand, deactivated colleagues and oneself, naming the field', async () => {
    const s = await storeWithManager();
    const staffCookie = await playCookie(db(), t.brandIds.owner, s.colleague.id);
    const notManager = await enterFor(staffCookie, s.other.id, s.k.campaign.id, s.k.cm.id, s.sale);
    expect([notManager.statusCode, notManager.json().error.fields[0].path]).toEqual([403, 'role']);

    const elsewhere = await factories(db()).store(t.brandIds.owner, { name: 'Elsewhere' });
    const stranger = await factories(db()).storeUser(t.brandIds.owner, elsewhere.id);
    const otherStore = await enterFor(s.managerCookie, stranger.id, s.k.campaign.id, s.k.cm.id, s.sale);
    expect([otherStore.statusCode, otherStore.json().error.fields]).toEqual([403, [{ path: 'colleagueId', message: 'not a colleague of your store' }]]);
    const foreignBrand = await factories(db()).storeUser(t.brandIds.partner, (await factories(db()).store(t.brandIds.partner)).id);
    const foreign = await enterFor(s.managerCookie, foreignBrand.id, s.k.campaign.id, s.k.cm.id, s.sale);
    expect([foreign.statusCode, foreign.json().error.fields[0].path]).toEqual([403, 'colleagueId']);

    const gone = await factories(db()).storeUser(t.brandIds.owner, s.k.store.id, { status: 'inactive' });
    const deactivated = await enterFor(s.managerCookie, gone.id, s.k.campaign.id, s.k.cm.id, s.sale);
    expect([deactivated.statusCode, deactivated.json().error.fields]).toEqual([409, [{ path: 'colleagueId', message: 'this colleague was deactivated' }]]);

    const self = await enterFor(s.managerCookie, s.manager.id, s.k.campaign.id, s.k.cm.id, s.sale);
    expect([self.statusCode, self.json().error.fields[0].path]).toEqual([400, 'colleagueId']);
    const noKey = await t.app.inject({ method: 'POST', url: `/api/play/colleagues/${s.colleague.id}/campaigns/${s.k.campaign.id}/missions/${s.k.cm.id}/completions`, headers: { cookie: s.managerCookie }, payload: s.sale });
    expect([noKey.statusCode, noKey.json().error.fields[0].path]).toEqual([400, 'headers.idempotency-key']);
    // Nothing was recorded by any refusal.
    const count = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from completions where entered_by = ${s.manager.id}`))[0]!.n;
    expect(count).toBe(0);
  });

  it('checks the entry against the mission like a submit (400 naming the field)', async () => {
    const s = await storeWithManager();
    const bad = await enterFor(s.managerCookie, s.colleague.id, s.k.campaign.id, s.k.cm.id, { kind: 'itemSold', items: [{ itemId: 999_999, quantity: 1 }], salesAmountCents: 100 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].path).toMatch(/^items/);
  });
});
