import type { TCodeFileExtension } from '@rally/domain';
import { readFirstColumnText, type MoveBytes } from '../../../lib/spreadsheet-file/read-spreadsheet.js';

/**
 * The first column's cells of a code file, joined by "\n", and how many rows; the file must be what its extension
 * says, and within every cap.
 */
export function parseCodeFile(bytes: Buffer, ext: TCodeFileExtension, options: MoveBytes = {}): Promise<{ text: string; rows: number }> {
  return readFirstColumnText(bytes, ext, undefined, options);
}
