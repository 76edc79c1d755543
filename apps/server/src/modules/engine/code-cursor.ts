/**
 * Where this process's next claim of a reward's codes starts (decision 0008 §12): just past the last code it
 * claimed. Issued codes sit at the head of a reward's id order and PostgreSQL cannot know it, so a claim from the
 * first code walked past every code issued so far; from the cursor it reads a handful. Only a starting point:
 * the claim (SQL function reward_code_claim) looks from the first code again when nothing is left past it, so a
 * code skipped while another transaction held it is still issued before the reward counts as out of codes, and
 * a cursor that is wrong (another database's reward of the same id, in tests) costs one extra read, once: the
 * cursor follows the code last claimed, not the highest.
 */
const cursors = new Map<number, number>();
const MAX_REWARDS = 10_000;

/** The id after which the next claim of this reward's codes looks first (0: from the first code). */
export const codeFrom = (rewardId: number): number => cursors.get(rewardId) ?? 0;

/** Moves the reward's cursor to a code this process just claimed. */
export function noteClaimed(rewardId: number, codeId: number): void {
  if (cursors.size >= MAX_REWARDS && !cursors.has(rewardId)) cursors.clear();
  cursors.set(rewardId, codeId);
}
