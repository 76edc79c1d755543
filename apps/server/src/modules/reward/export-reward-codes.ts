import { neutraliseCell } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { listPoolCodes } from './reward-codes.repository.js';
import { findReward } from './reward.repository.js';

/** Codes read per statement while the download streams. */
const PAGE = 5_000;

const NEEDS_QUOTES = /[",\r\n]/;
/** One CSV cell (RFC 4180), neutralised against spreadsheet formulas first (product rule R91). */
const cell = (value: string) => {
  const text = neutraliseCell(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const iso = (d: string | Date | null) => (d === null ? '' : new Date(d).toISOString());

/**
 * A code reward's pool as CSV (decision 0031) — every code, uploaded or generated, with whether it was issued and
 * when — for the brand's till or shop to load. The reward is checked before the first byte (a refusal is a 404 body,
 * not a broken download); then the pool is read in id order a page at a time, so a million codes stream in bounded
 * memory.
 */
export async function rewardCodesCsv(db: Db, actor: RequestActor, campaignId: number, rewardId: number): Promise<AsyncGenerator<string>> {
  requirePermission(actor, 'reward:read');
  const reward = await findReward(db, actor.brandId, campaignId, rewardId);
  if (!reward) throw notFound('Reward');
  return (async function* () {
    yield '\uFEFFcode,status,issued_at,added_at\n';
    for (let after = 0; ; ) {
      const rows = await listPoolCodes(db, reward.id, after, PAGE);
      if (rows.length === 0) return;
      let text = '';
      for (const r of rows) text += `${cell(r.code)},${r.issued_at === null ? 'available' : 'issued'},${iso(r.issued_at)},${iso(r.created_at)}\n`;
      yield text;
      if (rows.length < PAGE) return;
      after = rows[rows.length - 1]!.id;
    }
  })();
}
