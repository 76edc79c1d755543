import { budgetDue } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { accrueInvoiceLine, debitWallet } from '../billing/index.js';
import { findBrandBilling, listLaunchRewards, setBudgetPaid } from './launch.repository.js';

export type DueBudgetPayment =
  | { kind: 'nothing-due' }
  | { kind: 'paid'; amount: number; changes: { field: string; old: number; new: number }[] }
  | { kind: 'short'; due: number; walletBalance: number };

/**
 * Pays everything a campaign still owes on its prepaid money budgets from the brand's wallet, in
 * the caller's transaction — all or nothing: one ledger debit and the rewards' paid amounts when
 * the balance covers the whole due amount, nothing at all when it does not. The brand row is
 * locked first, so two payments from one wallet queue up. Used by the scheduler at start time.
 */
export async function payDueBudgetFromWallet(
  tx: DbOrTx,
  input: { brandId: string; campaignId: number; userId: string | null },
): Promise<DueBudgetPayment> {
  const brand = await findBrandBilling(tx, input.brandId, true);
  const list = await listLaunchRewards(tx, input.campaignId);
  if (brand.paymentPlan === 'postpaid') return chargePostpaidBudgets(tx, input, list);
  const owed = budgetDue(list, brand.paymentPlan);
  if (owed.due === 0) return { kind: 'nothing-due' };
  if (brand.walletBalanceCents < owed.due) return { kind: 'short', due: owed.due, walletBalance: brand.walletBalanceCents };
  const changes: { field: string; old: number; new: number }[] = [];
  for (const { id, due } of owed.rewards) {
    const old = list.find((r) => r.id === id)!.budgetPaidCents ?? 0;
    await setBudgetPaid(tx, id, old + due);
    changes.push({ field: `rewards.${id}.budgetPaid`, old, new: old + due });
  }
  await debitWallet(tx, {
    brandId: input.brandId,
    kind: 'budget_debit',
    amountCents: owed.due,
    campaignId: input.campaignId,
    note: `budget of campaign ${input.campaignId}, paid at its scheduled start`,
    createdBy: input.userId,
  });
  return { kind: 'paid', amount: owed.due, changes };
}

/**
 * A postpaid brand pays its money budgets on the month's invoice instead of up front: the unpaid part of
 * each budget is marked paid (the engine spends only what is paid) and charged as an invoice line.
 * Called when its campaign goes live (launch now, or a scheduled start).
 */
export async function chargePostpaidBudgets(
  tx: DbOrTx,
  input: { brandId: string; campaignId: number; userId: string | null },
  list?: Awaited<ReturnType<typeof listLaunchRewards>>,
): Promise<DueBudgetPayment> {
  const rewardsList = list ?? (await listLaunchRewards(tx, input.campaignId));
  const owed = budgetDue(rewardsList, 'prepaid');
  if (owed.due === 0) return { kind: 'nothing-due' };
  const changes: { field: string; old: number; new: number }[] = [];
  for (const { id, due } of owed.rewards) {
    const reward = rewardsList.find((r) => r.id === id)!;
    const old = reward.budgetPaidCents ?? 0;
    await setBudgetPaid(tx, id, old + due);
    await accrueInvoiceLine(tx, {
      brandId: input.brandId,
      kind: 'budget',
      description: `Budget of "${reward.title || 'money reward'}" (campaign ${input.campaignId})`,
      amountCents: due,
      campaignId: input.campaignId,
    });
    changes.push({ field: `rewards.${id}.budgetPaid`, old, new: old + due });
  }
  return { kind: 'paid', amount: owed.due, changes };
}
