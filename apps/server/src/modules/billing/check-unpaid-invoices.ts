import type { TCheckUnpaidInvoices } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { findUnpaidInvoice } from './billing.repository.js';

/** Whether the brand has a closed invoice it has not paid (spec §7; smart review is not switched on while it does). */
export async function checkUnpaidInvoices(db: DbOrTx, brandId: string): Promise<TCheckUnpaidInvoices> {
  const invoice = await findUnpaidInvoice(db, brandId);
  return { hasUnpaidInvoice: invoice !== undefined, invoiceId: invoice?.id ?? null };
}
