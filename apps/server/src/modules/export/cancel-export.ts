import type { TDataExport } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { toDataExport } from './export.mapper.js';
import { findExport, updateExportIf } from './export.repository.js';

/** Cancels a queued or running export of the brand; the job stops after its current batch and deletes its file. */
export async function cancelExport({ db, actor, id, secret }: { db: Db; actor: RequestActor; id: string; secret: string }): Promise<TDataExport> {
  const row = await findExport(db, actor.brandId, id);
  if (!row) throw notFound('Export');
  if (row.status === 'cancelled') return toDataExport(row, secret);
  const moved = await updateExportIf(db, id, ['queued', 'running'], { status: 'cancelled', finishedAt: new Date() });
  if (!moved) throw conflict(`The export is ${row.status} and can no longer be cancelled`);
  return toDataExport(moved, secret);
}
