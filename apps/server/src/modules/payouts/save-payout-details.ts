import { maskedAddress, normalizeIban, type TPayoutDetails, type TPayoutDetailsBody } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { saveDetails } from './payouts.repository.js';
import type { PayoutParticipant } from './payouts-reads.js';

/** Where the participant's payouts go from now on (payouts already made keep the address they were made to). */
export async function savePayoutDetails(db: DbOrTx, who: PayoutParticipant, body: TPayoutDetailsBody): Promise<TPayoutDetails> {
  const row =
    body.method === 'paypal'
      ? { method: body.method, address: body.email.trim().toLowerCase(), accountHolder: null }
      : { method: body.method, address: normalizeIban(body.iban), accountHolder: body.accountHolder.trim() };
  await saveDetails(db, who.homeBrandId, who.key, row);
  return { method: row.method, address: maskedAddress(row.method, row.address), accountHolder: row.accountHolder };
}
