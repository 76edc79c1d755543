import type { Cache } from '../../lib/cache.js';

/**
 * Where this process's next claim of a reward's codes starts (decision 0008 §12): just past the last code it
 * claimed. Issued codes sit at the head of a reward's id order and PostgreSQL cannot know it, so a claim from the
 * first code walked past every code issued so far; from the cursor it reads a handful. Only a starting point:
 * the claim (SQL function reward_code_claim) looks from the first code again when nothing is left past it, so a
 * code skipped while another transaction held it is still issued before the reward counts as out of codes, and
 * a wrong cursor costs one extra read, once: the cursor follows the code last claimed, not the highest. The cursors
 * live in `app.caches.engine.codeCursors` (engine-caches.ts): 10,000 rewards, least recently used dropped.
 */
export type CodeCursors = Cache<number, number>;

/** The id after which the next claim of this reward's codes looks first (0: from the first code). */
export const codeFrom = (cursors: CodeCursors, rewardId: number): number => cursors.get(rewardId) ?? 0;

/** Moves the reward's cursor to a code this process just claimed. */
export function noteClaimed(cursors: CodeCursors, rewardId: number, codeId: number): void {
  cursors.set(rewardId, codeId);
}
