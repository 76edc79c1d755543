import { createHash } from 'node:crypto';
import {
  salesCompletionsFor,
  salesKey,
  staffReferenceOf,
  type TSalesCompletionPlan,
  type TSalesLineOutcome,
  type TSalesMission,
} from '@rally/domain';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { recordCompletion, type EngineCaches, type ParticipantRef } from '../engine/index.js';
import { campaignReachingMe, loadParticipant } from '../play/index.js';
import {
  addBatchCounts,
  claimTransactions,
  insertCredits,
  knownSkus,
  liveSalesMissions,
  insertLines,
  pendingLines,
  setOutcomes,
  staffByRefs,
  storesByPosIds,
  updateBatch,
  type NewSalesLine,
  type SalesLineRow,
  type SalesStaffRow,
} from './sales.repository.js';

export interface SalesDeps {
  db: Db;
  engine: EngineCaches;
  reaches: Parameters<typeof campaignReachingMe>[1];
  /** Participants credited at once (each one's completions in order, under the engine's participant lock). */
  concurrency: number;
}

export interface LineOutcome {
  row: number;
  outcome: TSalesLineOutcome;
  message: string | null;
  storeUserId: number | null;
}

/** Lines processed per step of a batch (its progress moves once per step); transactions are never split. */
const STEP_LINES = 5_000;

/** What processing reads of a line (a stored line, or a file's line not stored yet). */
export type SalesLineInput = Pick<
  SalesLineRow,
  'row' | 'storePosId' | 'staff' | 'sku' | 'quantity' | 'amountCents' | 'soldAt' | 'transactionId'
>;

interface Transaction {
  id: string;
  lines: SalesLineInput[];
}

/**
 * Processes a batch's lines not processed yet, a step at a time: each step resolves its stores, staff and SKUs in
 * set-wise lookups, plans every transaction's completions with the domain rule (salesCompletionsFor), claims the
 * transactions that credit something in one statement (the primary key (brand, transaction id) keeps each id once
 * per brand; the next step's lookups and claims run while a step is credited), then records each planned completion
 * through the engine's one issuance path (recordCompletion → engine_issue), several participants at once. A claim
 * and its completions are not one database transaction, so a crash between them is healed by running the batch
 * again: its own claims are found as its own and the engine's idempotency key (`sales:<transaction>:<campaign
 * mission>`) answers the completions already made instead of making them twice. Writes each line's outcome and moves the batch's counts (a step's while the next is credited,
 * in step order); the batch is done at the end, after the last step's write.
 */
export async function processSalesBatch(
  deps: SalesDeps,
  batch: { id: number; brandId: string },
  /** A file's lines not stored yet: each step stores its lines with their outcomes (one insert, no update). */
  unstored?: SalesLineInput[],
): Promise<LineOutcome[]> {
  const lines = unstored ?? (await pendingLines(deps.db, batch.id));
  const store = unstored !== undefined;
  const txs = new Map<string, Transaction>();
  for (const l of lines) {
    const t = txs.get(l.transactionId) ?? { id: l.transactionId, lines: [] };
    t.lines.push(l);
    txs.set(l.transactionId, t);
  }
  const all: LineOutcome[] = [];
  // The sales missions reaching a store's staff, per store: a store user's reach is their store's (play's rule).
  const reachByStore = new Map<number, TSalesMission[]>();
  const missions = groupMissions(await liveSalesMissions(deps.db, batch.brandId));
  const steps: Transaction[][] = [];
  let size = STEP_LINES;
  for (const t of txs.values()) {
    if (size >= STEP_LINES) {
      steps.push([]);
      size = 0;
    }
    steps.at(-1)!.push(t);
    size += t.lines.length;
  }
  // A pipeline of three: the next step is planned and claimed while this one is credited, and the step before is
  // written meanwhile. Different transactions; a participant's completions still reach the engine in order, as a step
  // is credited only after the one before.
  const plan = (i: number) => {
    const planned = planStep(deps, batch, steps[i]!, missions, reachByStore);
    planned.catch(() => undefined);
    return planned;
  };
  let next = steps.length > 0 ? plan(0) : null;
  let writing: Promise<void> = Promise.resolve();
  for (let i = 0; i < steps.length; i++) {
    const planned = await next!;
    next = i + 1 < steps.length ? plan(i + 1) : null;
    const credited = await creditStep(deps, batch, planned);
    // A step's bookkeeping (its credits, lines' outcomes and counts) is written while the next step is credited: one
    // write in flight, in step order, each awaited before the next one starts and the last one before `done`.
    await writing;
    writing = recordStep(deps.db, batch, credited, store);
    writing.catch(() => undefined);
    all.push(...credited.result);
  }
  await writing;
  await updateBatch(deps.db, batch.id, { status: 'done', finishedAt: new Date() });
  return all;
}

interface CampaignMissions {
  campaignId: number;
  missions: TSalesMission[];
}

function groupMissions(rows: Awaited<ReturnType<typeof liveSalesMissions>>): CampaignMissions[] {
  const byCampaign = new Map<number, Map<number, TSalesMission>>();
  for (const r of rows) {
    const campaignId = Number(r.campaign_id);
    const cmId = Number(r.campaign_mission_id);
    const ms = byCampaign.get(campaignId) ?? new Map<number, TSalesMission>();
    byCampaign.set(campaignId, ms);
    const m = ms.get(cmId) ?? {
      campaignId,
      campaignMissionId: cmId,
      shape: { type: r.type, subtype: r.subtype, isContest: r.is_contest },
      startsAt: r.start_date === null ? null : new Date(r.start_date).getTime(),
      endsAt: r.end_date === null ? null : new Date(r.end_date).getTime(),
      products: [],
    };
    m.products.push({ itemId: Number(r.item_id), sku: r.sku });
    ms.set(cmId, m);
  }
  return [...byCampaign].map(([campaignId, ms]) => ({ campaignId, missions: [...ms.values()] }));
}

/** The idempotency key of a transaction's completion on a campaign mission, in the participant's key space. */
const keyOf = (transactionId: string, campaignMissionId: number) =>
  `sales:${createHash('sha256').update(transactionId).digest('base64url')}:${campaignMissionId}`;

interface Work {
  tx: Transaction;
  participant: ParticipantRef;
  plans: TSalesCompletionPlan[];
}

interface PlannedStep {
  txs: Transaction[];
  outcomes: Map<number, LineOutcome>;
  work: Work[];
}

const setOutcome = (
  outcomes: Map<number, LineOutcome>,
  l: SalesLineInput,
  outcome: TSalesLineOutcome,
  message: string | null,
  storeUserId: number | null = null,
) => outcomes.set(l.row, { row: l.row, outcome, message, storeUserId });

/**
 * A step's lookups, plan and claims: every line's problem, the completions the others make, and the claim of their
 * transactions (one statement per thousand; a transaction another batch holds is a duplicate). Writes only the claims.
 */
async function planStep(
  deps: SalesDeps,
  batch: { id: number; brandId: string },
  txs: Transaction[],
  campaigns: CampaignMissions[],
  reachByStore: Map<number, TSalesMission[]>,
): Promise<PlannedStep> {
  const { db } = deps;
  const first = (t: Transaction) => t.lines[0]!;
  // Set-wise lookups of everything the step's lines name.
  const storeKeys = [...new Set(txs.map((t) => salesKey(first(t).storePosId)))];
  const storeRows = await storesByPosIds(db, batch.brandId, storeKeys);
  const storeOf = new Map<string, number>();
  for (const s of storeRows.filter((r) => r.by === 'ref')) storeOf.set(s.key, s.id);
  // A point-of-sale id wins over a reference that happens to be spelt the same.
  for (const s of storeRows.filter((r) => r.by === 'pos')) storeOf.set(s.key, s.id);
  const refs = txs.map((t) => staffReferenceOf(first(t).staff));
  const staffRows = await staffByRefs(
    db,
    batch.brandId,
    [...new Set(refs.flatMap((r) => ('id' in r ? [r.id] : [])))],
    [...new Set(refs.flatMap((r) => ('email' in r ? [r.email] : [])))],
  );
  const staffById = new Map(staffRows.map((s) => [s.id, s]));
  const staffByEmail = new Map(staffRows.filter((s) => s.email).map((s) => [s.email!, s]));
  const known = await knownSkus(db, batch.brandId, [
    ...new Set(txs.flatMap((t) => t.lines.map((l) => salesKey(l.sku)))),
  ]);

  const outcomes = new Map<number, LineOutcome>();
  const set = (
    l: SalesLineInput,
    outcome: TSalesLineOutcome,
    message: string | null,
    storeUserId: number | null = null,
  ) => setOutcome(outcomes, l, outcome, message, storeUserId);
  const work: Work[] = [];
  const candidates: { tx: Transaction; staff: SalesStaffRow; lines: SalesLineInput[] }[] = [];

  for (const [i, t] of txs.entries()) {
    const head = first(t);
    // One transaction, one till: every line names the store and staff member of its first line.
    const lines = t.lines.filter((l) => {
      const same = salesKey(l.storePosId) === salesKey(head.storePosId) && salesKey(l.staff) === salesKey(head.staff);
      if (!same) set(l, 'invalid', 'a transaction names one store and one staff member (those of its first line)');
      return same;
    });
    if (lines.length > 200) {
      for (const l of lines) set(l, 'invalid', 'a transaction has at most 200 lines');
      continue;
    }
    const storeId = storeOf.get(salesKey(head.storePosId));
    if (storeId === undefined) {
      for (const l of lines)
        set(l, 'unknown_store', `no store of the brand has the point-of-sale id "${head.storePosId}"`);
      continue;
    }
    const ref = refs[i]!;
    const staff: SalesStaffRow | undefined = 'id' in ref ? staffById.get(ref.id) : staffByEmail.get(ref.email);
    const staffProblem = !staff
      ? `no staff member of the brand is "${head.staff}"`
      : staff.status !== 'active'
        ? 'the staff member is not active'
        : staff.store_id !== storeId
          ? "the staff member works at another store than the sale's"
          : null;
    if (staffProblem || !staff) {
      for (const l of lines) set(l, 'unknown_staff', staffProblem);
      continue;
    }
    const sellable = lines.filter((l) => {
      if (known.has(salesKey(l.sku))) return true;
      set(l, 'unknown_sku', `no product of the brand's missions has the SKU "${l.sku}"`, staff.id);
      return false;
    });
    if (sellable.length > 0) candidates.push({ tx: t, staff, lines: sellable });
  }

  // The reach of each store not seen yet in this batch, `concurrency` at once, read as one of its staff members.
  const storesToRead = [
    ...new Map(
      candidates.filter((c) => !reachByStore.has(c.staff.store_id)).map((c) => [c.staff.store_id, c.staff.id]),
    ),
  ];
  await inParallel(storesToRead, deps.concurrency, async ([storeId, staffId]) => {
    const someone = await loadParticipant(db, 'store_user', staffId);
    reachByStore.set(storeId, someone ? await missionsReaching(deps, someone, campaigns) : []);
  });
  for (const { tx, staff, lines } of candidates) {
    const plans = salesCompletionsFor(
      lines.map((l) => ({
        row: l.row,
        sku: l.sku,
        quantity: l.quantity!,
        amountCents: l.amountCents!,
        soldAt: l.soldAt!.getTime(),
      })),
      reachByStore.get(staff.store_id) ?? [],
    );
    const planned = new Set(plans.flatMap((p) => p.rows));
    for (const l of lines)
      if (!planned.has(l.row))
        set(
          l,
          'not_in_live_campaign',
          'no running campaign reaching the staff member takes this product at this time',
          staff.id,
        );
    const participant: ParticipantRef = {
      kind: 'store_user',
      id: staff.id,
      brandId: batch.brandId,
      storeId: staff.store_id,
    };
    if (plans.length > 0)
      work.push({ tx: { id: tx.id, lines: lines.filter((l) => planned.has(l.row)) }, participant, plans });
  }
  // The transactions that credit something are claimed here, while the step before is still being credited: a claim
  // is this batch's whenever it is made, and a claim without its completions (a stop before them) is healed by the
  // batch's rerun like any other.
  const holders = await claimTransactions(
    db,
    batch.brandId,
    batch.id,
    work.map((w) => w.tx.id),
  );
  const mine = work.filter((w) => {
    if (holders.get(w.tx.id) === batch.id) return true;
    for (const l of w.tx.lines)
      set(
        l,
        'duplicate_transaction',
        `transaction "${w.tx.id}" was credited by batch ${holders.get(w.tx.id) ?? '?'}`,
        w.participant.id,
      );
    return false;
  });
  return { txs, outcomes, work: mine };
}

interface Credit {
  transactionId: string;
  completionId: number;
  campaignId: number;
  storeUserId: number;
  unlocks: number;
}

interface CreditedStep {
  txs: Transaction[];
  result: LineOutcome[];
  credits: Credit[];
}

/** A planned step's engine calls (its claims are planStep's, its bookkeeping recordStep's). */
async function creditStep(
  deps: SalesDeps,
  batch: { id: number; brandId: string },
  { txs, outcomes, work: mine }: PlannedStep,
): Promise<CreditedStep> {
  const { db } = deps;
  const set = (
    l: SalesLineInput,
    outcome: TSalesLineOutcome,
    message: string | null,
    storeUserId: number | null = null,
  ) => setOutcome(outcomes, l, outcome, message, storeUserId);
  // Through the engine, one participant's completions in order, `concurrency` participants at once.
  const byParticipant = new Map<number, Work[]>();
  for (const w of mine) byParticipant.set(w.participant.id, [...(byParticipant.get(w.participant.id) ?? []), w]);
  const queues = [...byParticipant.values()];
  const credits: Credit[] = [];
  await inParallel(queues, deps.concurrency, async (queue) => {
    for (const w of queue) {
      const okRows = new Set<number>();
      const refusals = new Map<number, string>();
      for (const plan of w.plans) {
        try {
          const { result, created } = await recordCompletion({
            db,
            caches: deps.engine,
            participant: w.participant,
            campaignId: plan.campaignId,
            campaignMissionId: plan.campaignMissionId,
            body: plan.body,
            idempotencyKey: keyOf(w.tx.id, plan.campaignMissionId),
            // A POS line carries no photo.
            uploadExists: async () => false,
          });
          for (const r of plan.rows) okRows.add(r);
          if (created)
            credits.push({
              transactionId: w.tx.id,
              completionId: result.completion.id,
              campaignId: plan.campaignId,
              storeUserId: w.participant.id,
              unlocks: result.unlocked.length,
            });
        } catch (error) {
          // The engine's refusals (no entries left, receipt required, campaign ended meanwhile) are the row's answer.
          if (!(error instanceof AppError) || error.status >= 500) throw error;
          const why = error.fields[0]?.message ?? error.message;
          for (const r of plan.rows) refusals.set(r, why);
        }
      }
      for (const l of w.tx.lines) {
        if (okRows.has(l.row)) set(l, 'credited', null, w.participant.id);
        else set(l, 'refused', refusals.get(l.row) ?? 'not credited', w.participant.id);
      }
    }
  });

  const result = txs.flatMap((t) => t.lines.map((l) => outcomes.get(l.row)!));
  return { txs, result, credits };
}

/** A credited step's credits, its lines' outcomes and the batch's counts, in one transaction. */
async function recordStep(
  db: Db,
  batch: { id: number; brandId: string },
  { txs, result, credits }: CreditedStep,
  store: boolean,
): Promise<void> {
  // What the step made, its lines' outcomes and the batch's counts together: a stop leaves all of them or none.
  await db.transaction(async (tx) => {
    await insertCredits(tx, batch.brandId, batch.id, credits);
    if (store) {
      const byRow = new Map(result.map((o) => [o.row, o]));
      await insertLines(
        tx,
        batch.brandId,
        batch.id,
        txs.flatMap((t) =>
          t.lines.map((l): NewSalesLine => {
            const o = byRow.get(l.row)!;
            return { ...l, outcome: o.outcome, message: o.message, storeUserId: o.storeUserId };
          }),
        ),
      );
    } else await setOutcomes(tx, batch.id, result);
    await addBatchCounts(tx, batch.id, {
      done: result.length,
      credited: result.filter((o) => o.outcome === 'credited').length,
      duplicates: result.filter((o) => o.outcome === 'duplicate_transaction').length,
      problems: result.filter((o) => o.outcome !== 'credited' && o.outcome !== 'duplicate_transaction').length,
      completions: credits.length,
      unlocks: credits.reduce((n, c) => n + c.unlocks, 0),
    });
  });
}

/** Runs `fn` over the items, at most `concurrency` at once. */
async function inParallel<T>(items: readonly T[], concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
}

/** The sales missions of the running campaigns that reach the participant (play's reach rule, kept 10 s per participant). */
async function missionsReaching(
  deps: SalesDeps,
  participant: Parameters<typeof campaignReachingMe>[2],
  campaigns: CampaignMissions[],
): Promise<TSalesMission[]> {
  const out: TSalesMission[] = [];
  for (const c of campaigns) {
    try {
      await campaignReachingMe(deps.db, deps.reaches, participant, c.campaignId);
      out.push(...c.missions);
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 404) throw error;
    }
  }
  return out;
}
