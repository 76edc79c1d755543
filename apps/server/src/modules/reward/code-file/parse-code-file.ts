import type { TCodeFileExtension } from '@rally/domain';
import { readSpreadsheet } from '../../../lib/spreadsheet-file/read-spreadsheet.js';

/** The first column's cells of a code file; the file must be what its extension says, and within every cap. */
export function parseCodeFile(bytes: Buffer, ext: TCodeFileExtension): Promise<string[]> {
  return readSpreadsheet(bytes, ext, { columns: 'first' });
}
