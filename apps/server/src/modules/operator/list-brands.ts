import { CAMPAIGN_STATUSES, type TBrandCurrency, type TOperatorAuditList, type TOperatorBrandList, type TPlatformTotals } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { listBrandRows, listOperatorAudit, loadTotals } from './operator.repository.js';

const epoch = (d: Date | string) => Math.floor(new Date(d).getTime() / 1000);

/** All brands with status, plan, members, campaigns, wallet and creation (operators only; the route checks). */
export async function listBrands(db: Db): Promise<TOperatorBrandList> {
  const rows = await listBrandRows(db);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      paymentPlan: r.payment_plan as TOperatorBrandList['items'][number]['paymentPlan'],
      isRetailer: r.is_retailer,
      consumerEnabled: r.consumer_enabled,
      members: Number(r.members),
      campaigns: Number(r.campaigns),
      walletBalance: Number(r.wallet_balance_cents),
      currency: r.currency as TBrandCurrency,
      createdAt: epoch(r.created_at),
    })),
  };
}

export async function getPlatformTotals(db: Db): Promise<TPlatformTotals> {
  const t = await loadTotals(db);
  const campaigns = Object.fromEntries(CAMPAIGN_STATUSES.map((s) => [s, Number(t.campaigns.find((c) => c.status === s)?.n ?? 0)])) as TPlatformTotals['campaigns'];
  return {
    brands: { total: Number(t.brands.total), active: Number(t.brands.active), suspended: Number(t.brands.suspended) },
    users: Number(t.users),
    campaigns,
    completions: Number(t.completions),
    money: t.money.map((m) => ({ currency: m.currency, paidIn: Number(m.paid_in), paidOut: Number(m.paid_out), balance: Number(m.balance) })),
  };
}

/** What operators did, newest first (the last 200). */
export async function getOperatorAudit(db: Db): Promise<TOperatorAuditList> {
  const rows = await listOperatorAudit(db, 200);
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: epoch(r.createdAt),
      operator: { id: r.operatorId, name: r.operatorName },
      action: r.action,
      brand: r.brandId ? { id: r.brandId, name: r.brandName } : null,
      changes: r.changes,
    })),
  };
}
