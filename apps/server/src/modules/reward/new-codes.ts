import type { CodeList } from './reward-codes.repository.js';
import { newCodesOfCells } from './upload-codes.js';

/**
 * The codes a save adds to a reward, less those it already has: read again from the kept upload, where they stay
 * one text down to the COPY (decision 0007), or taken from the list sent, trimmed and deduplicated.
 */
export async function newCodesForReward(
  cells: { text: string; rows: number } | null,
  listedCodes: readonly string[] | undefined,
  existingCodes: readonly string[],
): Promise<{ codes: CodeList; count: number }> {
  const existing = new Set(existingCodes);
  if (cells) {
    const fromFile = await newCodesOfCells(cells, existing);
    return { codes: { text: fromFile.codesText }, count: fromFile.added };
  }
  const listed = [...new Set((listedCodes ?? []).map((c) => c.trim()).filter(Boolean))].filter((c) => !existing.has(c));
  return { codes: listed, count: listed.length };
}
