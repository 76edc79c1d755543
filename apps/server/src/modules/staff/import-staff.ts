import {
  codeFileExtension,
  CODE_FILE_LIMITS,
  STAFF_IMPORT_LIMITS,
  staffRowsFromCells,
  storedStaffRole,
  type TStaffImportResult,
  type TStaffImportRow,
} from '@rally/domain';
import type { Db } from '../../db/client.js';
import { invalid } from '../../lib/app-error.js';
import { readSpreadsheet } from '../../lib/spreadsheet-file/read-spreadsheet.js';
import { recordActivity, userActor } from '../activity/index.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { recountStoreUsers, staffByEmails, storeKeysOfBrand, upsertStaffRows, type ExistingStaff, type StaffUpsertRow } from './staff.repository.js';

/** Addresses looked up per query, and rows written per statement: bounded statements on a 100,000-row file. */
const CHUNK = 20_000;

export interface ImportStaffOptions {
  db: Db;
  actor: RequestActor;
  fileName: string;
  bytes: Buffer;
  /** false: a preview (nothing is saved); true: the rows are saved. */
  apply: boolean;
}

/**
 * A staff list (.csv, .xlsx or .xls: email, name, store, role, optional language) read with the code files' reader
 * and limits (type by magic bytes, zip caps, a parse thread with a deadline; decision 0007), each row checked and
 * matched to a store of the brand by reference or point-of-sale id, and compared with the brand's staff: added,
 * updated, unchanged or refused with its reason. A preview saves nothing; applying writes every row that is not
 * refused in set-based statements and recounts the head counts of the stores touched. Importing the same file again
 * changes nothing (every row unchanged).
 */
export async function importStaffFile({ db, actor, fileName, bytes, apply }: ImportStaffOptions): Promise<TStaffImportResult> {
  requirePermission(actor, 'staff:manage');
  const ext = codeFileExtension(fileName);
  if (!ext) throw invalid([{ path: 'file', message: 'a .csv, .xlsx or .xls file' }]);
  if (bytes.length > CODE_FILE_LIMITS.bytes) throw invalid([{ path: 'file', message: `at most ${CODE_FILE_LIMITS.bytes / 1024 / 1024} MB` }]);
  const cells = await readSpreadsheet(bytes, ext, { columns: 'all', maxRows: STAFF_IMPORT_LIMITS.rows });
  const parsed = staffRowsFromCells(cells);
  if (!parsed.ok) throw invalid(parsed.fields, 'The staff list has problems');
  if (parsed.rows.length === 0) throw invalid([{ path: 'file', message: 'no people below the header row' }]);

  const storeByRef = new Map<string, { id: number; name: string }>();
  const storeByPos = new Map<string, { id: number; name: string }>();
  for (const s of await storeKeysOfBrand(db, actor.brandId)) {
    const store = { id: Number(s.id), name: s.name };
    if (s.ref_id) storeByRef.set(s.ref_id.toLowerCase(), store);
    if (s.external_store_id) storeByPos.set(s.external_store_id.toLowerCase(), store);
  }
  // A reference is the brand's own name for a store; a point-of-sale id is tried when no reference matches.
  const storeOf = (key: string) => storeByRef.get(key.toLowerCase()) ?? storeByPos.get(key.toLowerCase());

  const emails = parsed.rows.flatMap((r) => (r.ok ? [r.email] : []));
  const existing = new Map<string, ExistingStaff>();
  for (let i = 0; i < emails.length; i += CHUNK) {
    for (const person of await staffByEmails(db, actor.brandId, emails.slice(i, i + CHUNK))) existing.set(person.email, person);
  }

  const result: TStaffImportResult = { applied: apply, rows: parsed.rows.length, added: 0, updated: 0, unchanged: 0, refused: 0, preview: [], refusals: [] };
  const writes: StaffUpsertRow[] = [];
  const touchedStores = new Set<number>();
  for (const r of parsed.rows) {
    let line: TStaffImportRow;
    const store = storeOf(r.store);
    if (!r.ok || !store) {
      const reason = r.ok ? 'store_unknown' : r.reason;
      line = { row: r.row, email: r.email, name: r.name, store: r.store, storeId: store?.id ?? null, storeName: store?.name ?? null, role: null, outcome: 'refused', reason };
      result.refused += 1;
      if (result.refusals.length < STAFF_IMPORT_LIMITS.refusedRows) result.refusals.push({ row: r.row, email: r.email, store: r.store, reason });
    } else {
      const role = storedStaffRole(r.role);
      const before = existing.get(r.email);
      const same =
        before !== undefined &&
        before.name === r.name &&
        Number(before.store_id) === store.id &&
        before.role === role &&
        (r.locale === null || r.locale === before.locale);
      const outcome = before === undefined ? 'added' : same ? 'unchanged' : 'updated';
      result[outcome] += 1;
      if (outcome !== 'unchanged') {
        writes.push({ store_id: store.id, name: r.name, email: r.email, role, locale: r.locale });
        touchedStores.add(store.id);
      }
      line = { row: r.row, email: r.email, name: r.name, store: r.store, storeId: store.id, storeName: store.name, role: r.role, outcome, reason: null };
    }
    if (result.preview.length < STAFF_IMPORT_LIMITS.previewRows) result.preview.push(line);
  }

  if (apply && writes.length > 0) {
    await db.transaction(async (tx) => {
      for (let i = 0; i < writes.length; i += CHUNK) {
        const { storeIdsLeft } = await upsertStaffRows(tx, actor.brandId, writes.slice(i, i + CHUNK));
        for (const id of storeIdsLeft) touchedStores.add(id);
      }
      await recountStoreUsers(tx, [...touchedStores]);
      await recordActivity(tx, {
        brandId: actor.brandId,
        actor: userActor(actor),
        action: 'staff.imported',
        subject: { type: 'file', id: fileName.slice(0, 200), label: fileName.slice(0, 200) },
        changes: [
          { field: 'added', old: null, new: result.added },
          { field: 'updated', old: null, new: result.updated },
          { field: 'unchanged', old: null, new: result.unchanged },
          { field: 'refused', old: null, new: result.refused },
        ],
      });
    });
  }
  return result;
}
