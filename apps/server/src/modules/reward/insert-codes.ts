import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

const CHUNK = 50_000;

/** Adds codes to a reward, skipping ones it already has: one array-parameter statement per 50k codes. */
export async function insertCodes(db: DbOrTx, brandId: string, rewardId: number, codes: readonly string[]): Promise<void> {
  for (let i = 0; i < codes.length; i += CHUNK) {
    const chunk = codes.slice(i, i + CHUNK);
    await db.execute(sql`
      insert into reward_codes (brand_id, reward_id, code)
      select ${brandId}, ${rewardId}, code from unnest(${`{${chunk.map((c) => `"${c.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`}::text[]) as code
      on conflict (reward_id, code) do nothing`);
  }
}
