import type { CodeTextSummary } from '@rally/domain';
import type { CodeList } from './reward-codes.repository.js';
import { withoutExistingCodes } from './upload-codes.js';

/**
 * The codes a save adds to a reward, less those it already has: the kept upload's codes as the parse thread
 * summarized them (keptUploadCodes), which stay one text down to the COPY (decision 0007), or the list sent, trimmed
 * and deduplicated.
 */
export async function newCodesForReward(
  fromFile: CodeTextSummary | null,
  listedCodes: readonly string[] | undefined,
  existingCodes: readonly string[],
): Promise<{ codes: CodeList; count: number }> {
  const existing = new Set(existingCodes);
  if (fromFile) {
    const { codesText, added } = await withoutExistingCodes(fromFile, existing);
    return { codes: { text: codesText }, count: added };
  }
  const listed = [...new Set((listedCodes ?? []).map((c) => c.trim()).filter(Boolean))].filter((c) => !existing.has(c));
  return { codes: listed, count: listed.length };
}
