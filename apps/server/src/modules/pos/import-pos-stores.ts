import { codeFileExtension, CODE_FILE_LIMITS, POS_IMPORT_MAX_ROWS, posRowsFromCells, type TPosImportResult, type TPosStoreInput } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { invalid } from '../../lib/app-error.js';
import { readSpreadsheet } from '../../lib/spreadsheet-file/read-spreadsheet.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { upsertImportedStores } from './pos.repository.js';

/** Adds a brand's POS store list to the merge queue (API or file); a refId seen again refreshes its pending row. */
export async function importPosStores({ db, actor, rows }: { db: Db; actor: RequestActor; rows: TPosStoreInput[] }): Promise<TPosImportResult> {
  requirePermission(actor, 'store:update');
  const seen = new Set<string>();
  const unique = rows.filter((r) => (seen.has(r.refId) ? false : (seen.add(r.refId), true)));
  const total: TPosImportResult = { imported: 0, updated: 0, unchanged: 0, skippedDecided: 0 };
  for (let i = 0; i < unique.length; i += 1000) {
    const part = await db.transaction((tx) => upsertImportedStores(tx, actor.brandId, unique.slice(i, i + 1000)));
    total.imported += part.imported;
    total.updated += part.updated;
    total.unchanged += part.unchanged;
    total.skippedDecided += part.skippedDecided;
  }
  total.unchanged += rows.length - unique.length;
  return total;
}

/** A POS store list file (.csv, .xlsx or .xls; the code file limits, decision 0007) into the merge queue. */
export async function importPosFile({ db, actor, fileName, bytes }: { db: Db; actor: RequestActor; fileName: string; bytes: Buffer }) {
  requirePermission(actor, 'store:update');
  const ext = codeFileExtension(fileName);
  if (!ext) throw invalid([{ path: 'file', message: 'a .xlsx, .xls or .csv file' }]);
  if (bytes.length > CODE_FILE_LIMITS.bytes) throw invalid([{ path: 'file', message: `at most ${CODE_FILE_LIMITS.bytes / 1024 / 1024} MB` }]);
  const cells = await readSpreadsheet(bytes, ext, { columns: 'all', maxRows: POS_IMPORT_MAX_ROWS });
  const parsed = posRowsFromCells(cells);
  if (!parsed.ok) throw invalid(parsed.fields, 'The store list has problems');
  if (parsed.rows.length === 0) throw invalid([{ path: 'file', message: 'no stores below the header row' }]);
  return importPosStores({ db, actor, rows: parsed.rows });
}
