import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import os from 'node:os';
import { isCodeReward, issueAmountFor, newUnlocks, qualifyingFilter, type TEngineReward } from '@rally/domain';
import { createDatabase, dbSchema, insertBrand, recordCompletion } from '@rally/server';
import {
  beginEngineTx,
  campaignRewards,
  claimCode,
  insertCompletion,
  insertUnlock,
  saveResponse,
  scopeHistory,
  unlocksSoFar,
} from '../../apps/server/src/modules/engine/engine.repository.js';

const { campaignMissions, campaigns, missions, rewardCodes, rewards, storeUsers, stores } = dbSchema;

/**
 * Issuance benchmark (issue 14): the engine (recordCompletion) on a fresh PostgreSQL database. Part 1: P
 * concurrent participants complete a mission that unlocks a code reward (100,000 codes) and a money reward
 * each time, for S seconds — first with the baseline (the engine's earlier write path: one transaction of
 * ~12 statements per completion, kept below), then with the engine, in the same run, so the ratio holds on a
 * shared machine. Part 2: 2,000 concurrent claims on a 1,000-code pool. Checks: no code twice, money spent =
 * paid − left = ledger sum, exactly 1,000 issued.
 *   npm run issuance -w @rally/bench -- [--participants 32] [--seconds 15] [--rounds 1] [--url postgres://postgres@127.0.0.1:5432/postgres]
 */
const { values } = parseArgs({
  options: {
    participants: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '15' },
    codes: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '1' },
    // For profiling one path: baseline | engine (default both, in the same run).
    only: { type: 'string' },
    'skip-pool': { type: 'boolean', default: false },
    // Keeps the database for inspection (its name is printed); drop it afterwards.
    keep: { type: 'boolean', default: false },
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const name = `rally_issuance_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: values.url });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(values.url);
url.pathname = `/${name}`;
const P = Number(values.participants);
const database = createDatabase({ databaseUrl: url.toString(), poolSize: P + 4 });
await database.migrate();
const db = database.db;

async function setup(users: number, codes: number, withMoney: boolean) {
  const brandId = await insertBrand(db, { slug: `bench-${randomBytes(3).toString('hex')}`, name: 'Bench', isRetailer: false, consumerEnabled: false });
  const [store] = await db.insert(stores).values({ brandId, name: 'S', countryCode: 'US', formattedAddress: 'x', status: 'approved' }).returning();
  const people = [];
  for (let i = 0; i < users; i += 1000)
    people.push(
      ...(await db
        .insert(storeUsers)
        .values(Array.from({ length: Math.min(1000, users - i) }, (_, j) => ({ brandId, storeId: store!.id, name: `U${i + j}` })))
        .returning({ id: storeUsers.id })),
    );
  const [c] = await db.insert(campaigns).values({ brandId, publicUid: randomBytes(9).toString('base64url'), type: 'general', status: 'active', finishCriteria: ['days_over'] }).returning();
  const [m] = await db.insert(missions).values({ brandId, title: 'M', type: 'general', status: 'ready' }).returning();
  const [cm] = await db.insert(campaignMissions).values({ brandId, campaignId: c!.id, missionId: m!.id }).returning();
  const [code] = await db.insert(rewards).values({ brandId, campaignId: c!.id, type: 'discount', title: 'Code', isUnlimited: true, percentageDiscount: 10 }).returning();
  for (let i = 0; i < codes; i += 10_000)
    await db.insert(rewardCodes).values(Array.from({ length: Math.min(10_000, codes - i) }, (_, j) => ({ brandId, rewardId: code!.id, code: `C${i + j}` })));
  let money: number | null = null;
  if (withMoney) {
    const [r] = await db
      .insert(rewards)
      .values({ brandId, campaignId: c!.id, type: 'money', title: 'Cash', amountCents: 100, budgetCents: 100_000_000, budgetPaidCents: 100_000_000, isUnlimited: true })
      .returning();
    money = r!.id;
  }
  return { brandId, storeId: store!.id, people, campaignId: c!.id, cmId: cm!.id, missionId: m!.id, codeRewardId: code!.id, money };
}

const submit = (s: Awaited<ReturnType<typeof setup>>, userId: number, key: string) =>
  recordCompletion({
    db,
    participant: { kind: 'store_user', id: userId, brandId: s.brandId, storeId: s.storeId },
    campaignId: s.campaignId,
    campaignMissionId: s.cmId,
    body: { kind: 'general', answers: [] },
    idempotencyKey: key,
  });

/**
 * The baseline: the engine's write path before decision 0008 §7 — one explicit transaction per completion,
 * a statement per step (flag and status, insert, per reward: history, unlocks so far, budget lock, claim or
 * unlock with its ledger row, then the stored answer, commit), the budget row held until the commit.
 */
const rewardsOf = new Map<number, ReturnType<typeof campaignRewards>>();
async function submitBaseline(s: Awaited<ReturnType<typeof setup>>, userId: number, key: string): Promise<number> {
  const p = { kind: 'store_user' as const, id: userId, brandId: s.brandId, storeId: s.storeId };
  // Read once per campaign, as the engine's per-process cache of a running campaign's rewards did.
  const rewardRows = await (rewardsOf.get(s.campaignId) ?? rewardsOf.set(s.campaignId, campaignRewards(db, s.brandId, s.campaignId)).get(s.campaignId)!);
  return db.transaction(async (tx) => {
    await beginEngineTx(tx, s.campaignId, []);
    const c = await insertCompletion(tx, {
      brandId: s.brandId, campaignId: s.campaignId, campaignMissionId: s.cmId, participant: p, status: 'accepted', salesAmountCents: 0,
      itemsSold: [], answers: [], receiptUploadId: null, score: null, passed: null, idempotencyKey: key, requestHash: 'h',
    });
    let issued = 0;
    const current = { missionId: s.missionId, salesAmountCents: 0, itemIds: [] };
    for (const r of rewardRows) {
      const er: TEngineReward = { ...r };
      const [history, before] = await Promise.all([scopeHistory(tx, p, s.campaignId, null, qualifyingFilter(r.assignment)), unlocksSoFar(tx, p, r.id)]);
      for (let i = 0; i < newUnlocks(er, current, history, before); i++) {
        const amount = issueAmountFor(er, current);
        if (amount !== null && amount > 0 && !(await reserveBudgetRow(tx, r.id, amount))) break;
        if (isCodeReward(r.type)) {
          if (!(await claimCode(tx, p, r, c!.id, amount))) break;
        } else await insertUnlock(tx, p, r, c!.id, 'issued', amount);
        issued++;
      }
    }
    await saveResponse(tx, c!.id, { issued });
    return issued;
  });
}

/**
 * The earlier debit, kept for the baseline: the reward row locked while it covers the amount and held until
 * the transaction's commit (the ledger row without a slice settles on that row).
 */
async function reserveBudgetRow(tx: Parameters<Parameters<typeof db.transaction>[0]>[0], rewardId: number, amount: number): Promise<boolean> {
  const r = await tx.execute(sql`select id from rewards
    where id = ${rewardId} and budget_paid_cents - budget_spent_cents - budget_allotted_cents >= ${amount} for update`);
  return (r as unknown as { rows: unknown[] }).rows.length > 0;
}

async function exactness(a: Awaited<ReturnType<typeof setup>>) {
  const [dup] = await database.rows<{ n: number }>(sql`select count(*)::int as n from (select code_id from reward_unlocks where code_id is not null group by code_id having count(*) > 1) d`);
  const [issued] = await database.rows<{ n: number; distinct_codes: number }>(sql`select count(*)::int as n, count(distinct c.code)::int as distinct_codes from reward_unlocks u join reward_codes c on c.id = u.code_id where u.reward_id = ${a.codeRewardId}`);
  const [money] = await database.rows<{ paid: string; spent: string; ledger: string; unlock_sum: string }>(
    sql`select budget_paid_cents as paid, reward_budget_spent(r.id) as spent, (select -sum(amount_cents) from reward_budget_ledger where reward_id = r.id) as ledger,
          (select sum(amount_cents) from reward_unlocks where reward_id = r.id) as unlock_sum from rewards r where id = ${a.money!}`,
  );
  return {
    duplicateCodes: dup!.n,
    codesIssued: issued!.n,
    distinctCodes: issued!.distinct_codes,
    money: { paid: Number(money!.paid), spent: Number(money!.spent), left: Number(money!.paid) - Number(money!.spent), ledgerSum: Number(money!.ledger), unlockSum: Number(money!.unlock_sum) },
  };
}

// Part 1: baseline then engine, `rounds` times, each on a campaign of its own.
for (let round = 1; round <= Number(values.rounds); round++) {
  for (const path of ['baseline', 'engine'] as const) {
    if (values.only && values.only !== path) continue;
    const a = await setup(P, Number(values.codes), true);
    const until = Date.now() + Number(values.seconds) * 1000;
    let unlocks = 0;
    let completions = 0;
    const t0 = Date.now();
    await Promise.all(
      a.people.map(async (p, i) => {
        for (let n = 0; Date.now() < until; n++) {
          // Awaited first: `unlocks += await …` would read the total before the await and lose others' additions.
          const issued = path === 'engine' ? (await submit(a, p.id, `b-${i}-${n}`)).result.unlocked.length : await submitBaseline(a, p.id, `b-${i}-${n}`);
          unlocks += issued;
          completions++;
        }
      }),
    );
    const secs = (Date.now() - t0) / 1000;
    console.log(JSON.stringify({ part: 'issuance', round, path, participants: P, seconds: secs, completions, unlocks, unlocksPerSecond: Math.round(unlocks / secs), completionsPerSecond: Math.round(completions / secs), loadAverage: os.loadavg().map((n) => Number(n.toFixed(1))), ...(await exactness(a)) }));
  }
}

// Part 2
if (!values['skip-pool']) {
const b = await setup(2000, 1000, false);
const t1 = Date.now();
const results = await Promise.all(b.people.map((p, i) => submit(b, p.id, `c-${i}`)));
const claimed = results.flatMap((r) => r.result.unlocked.map((u) => u.code));
const [stored] = await database.rows<{ n: number }>(sql`select count(*)::int as n from reward_unlocks where reward_id = ${b.codeRewardId}`);
console.log(JSON.stringify({ part: 'pool', claims: 2000, pool: 1000, seconds: (Date.now() - t1) / 1000, issued: claimed.length, distinct: new Set(claimed).size, unlockRows: stored!.n }));
}

await database.close();
if (values.keep) console.log(JSON.stringify({ kept: name }));
else await admin.query(`drop database if exists ${name} with (force)`);
await admin.end();
