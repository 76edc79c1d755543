import type { TInvoiceLineKind } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import {
  findBrandWallet,
  insertInvoiceLine,
  insertLedgerEntry,
  openInvoiceFor,
  periodOf,
  type LedgerInsert,
} from './billing.repository.js';
import { formatCents } from './money.js';
import { PaymentDueError } from './payment-due-error.js';

/** A ledger entry as a use case states it: amountCents is positive, the sign comes from debit / credit. */
export type WalletMove = LedgerInsert;

export interface WalletMoveResult {
  entryId: number;
  /** The wallet balance after the move, in cents. */
  balanceCents: number;
}

const checkAmount = (amountCents: number) => {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    throw new Error(`wallet moves take a positive integer of cents, not ${amountCents}`);
};

/**
 * Takes money out of the brand's wallet, in the caller's transaction. The brand row is locked first so
 * concurrent payments from one wallet queue up; a balance that does not cover the amount throws a 402
 * PAYMENT_REQUIRED carrying the difference (dueCents). The ledger trigger (migration 0006) moves the balance
 * and the CHECK refuses a negative one even if a caller skipped this function.
 */
export async function debitWallet(tx: DbOrTx, move: WalletMove): Promise<WalletMoveResult> {
  checkAmount(move.amountCents);
  const wallet = await findBrandWallet(tx, move.brandId, true);
  if (wallet.walletBalanceCents < move.amountCents) {
    const due = move.amountCents - wallet.walletBalanceCents;
    throw new PaymentDueError(
      due,
      `The wallet holds ${formatCents(wallet.walletBalanceCents, wallet.currency)}; ${formatCents(move.amountCents, wallet.currency)} is needed`,
      [
        {
          path: 'amount',
          message: `wallet balance ${formatCents(wallet.walletBalanceCents, wallet.currency)} is ${formatCents(due, wallet.currency)} short`,
        },
      ],
    );
  }
  const entryId = await insertLedgerEntry(tx, { ...move, amountCents: -move.amountCents });
  return { entryId, balanceCents: wallet.walletBalanceCents - move.amountCents };
}

/** Puts money into the brand's wallet (top-up, refund, partner slice received), in the caller's transaction. */
export async function creditWallet(tx: DbOrTx, move: WalletMove): Promise<WalletMoveResult> {
  checkAmount(move.amountCents);
  const wallet = await findBrandWallet(tx, move.brandId, true);
  const entryId = await insertLedgerEntry(tx, move);
  return { entryId, balanceCents: wallet.walletBalanceCents + move.amountCents };
}

export interface InvoiceLineInput {
  brandId: string;
  kind: TInvoiceLineKind;
  description: string;
  /** Integer cents; negative for a credit (unspent postpaid budget). */
  amountCents: number;
  campaignId?: number | null | undefined;
  /** When the charge happened (default now): picks the month's open invoice. */
  at?: Date | undefined;
}

/**
 * Adds a charge to the brand's open invoice of the current (UTC) month, creating that invoice on first use.
 * The invoice's total moves with it in the database (migration 0011), and only an open invoice takes lines.
 * Used for postpaid campaign budgets and smart-review fees (pricePerScan).
 */
export async function accrueInvoiceLine(
  tx: DbOrTx,
  line: InvoiceLineInput,
): Promise<{ invoiceId: number; lineId: number }> {
  if (!Number.isSafeInteger(line.amountCents) || line.amountCents === 0)
    throw new Error(`invoice lines take a non-zero integer of cents, not ${line.amountCents}`);
  const wallet = await findBrandWallet(tx, line.brandId);
  const invoice = await openInvoiceFor(tx, line.brandId, periodOf(line.at ?? new Date()), wallet.currency);
  const lineId = await insertInvoiceLine(tx, {
    brandId: line.brandId,
    invoiceId: invoice.id,
    kind: line.kind,
    description: line.description,
    amountCents: line.amountCents,
    campaignId: line.campaignId,
  });
  return { invoiceId: invoice.id, lineId };
}
