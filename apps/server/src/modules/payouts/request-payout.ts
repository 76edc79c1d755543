import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { canRequestPayout, type TPayout } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { conflict, invalid, notFound } from '../../lib/app-error.js';
import type { PayoutProvider } from './payout-provider.js';
import { brandCurrency, findDetails, findPayout, findPayoutByKey, findSettings, insertPayout, lockBalance } from './payouts.repository.js';
import { toPayout, type PayoutParticipant } from './payouts-reads.js';
import { sendPayout } from './send-payout.js';

export interface RequestPayoutOptions {
  db: Db;
  provider: PayoutProvider;
  who: PayoutParticipant;
  /** The brand whose balance is paid out. */
  brandId: string;
  idempotencyKey: string;
  log: FastifyBaseLogger;
}

/**
 * A participant asks for their whole balance at a brand. The balance row is locked first, so requests of one
 * participant queue: the first takes the balance, the next finds it below the minimum; a replayed Idempotency-Key
 * answers the payout it made. The debit and the payout are one transaction; the ledger's CHECK refuses any payout
 * larger than the balance whatever this code does. With the brand's approval off, the payout goes to the provider
 * after the commit.
 */
export async function requestPayout(o: RequestPayoutOptions): Promise<{ payout: TPayout; created: boolean }> {
  const made = await o.db.transaction(async (tx) => {
    const balance = await lockBalance(tx, o.brandId, o.who.key);
    const existing = await findPayoutByKey(tx, o.brandId, o.who.key, o.idempotencyKey);
    if (existing) return { id: existing.id, created: false, status: existing.status };
    const brand = await brandCurrency(tx, o.brandId);
    if (!brand) throw notFound('Brand');
    const settings = await findSettings(tx, o.brandId);
    if (!canRequestPayout(balance, settings.minimumCents)) {
      throw conflict(
        balance > 0 ? `Your balance is below this brand's minimum payout` : 'There is no money to pay out',
        undefined,
        [{ path: 'brandId', message: `balance ${balance} cents; payouts from ${settings.minimumCents} cents` }],
      );
    }
    const details = await findDetails(tx, o.who.homeBrandId, o.who.key);
    if (!details) throw invalid([{ path: 'payoutDetails', message: 'add where your money goes (PayPal or bank account) first' }]);
    const id = randomUUID();
    const status = settings.approval === 'brand' ? 'requested' : 'pending';
    await insertPayout(tx, {
      id,
      brandId: o.brandId,
      participant: o.who.key,
      participantName: o.who.name,
      participantEmail: o.who.email,
      amountCents: balance,
      currency: brand.currency,
      method: details.method,
      address: details.address,
      accountHolder: details.accountHolder,
      status,
      provider: o.provider.name,
      idempotencyKey: o.idempotencyKey,
    });
    return { id, created: true, status };
  });
  if (made.created && made.status === 'pending') await sendPayout(o.db, o.provider, made.id, o.log);
  return { payout: toPayout((await findPayout(o.db, made.id))!), created: made.created };
}
