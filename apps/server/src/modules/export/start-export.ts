import { randomUUID } from 'node:crypto';
import type { TDataExport, TExportFormat, TExportKind } from '@rally/domain';
import type { Db } from '../../db/client.js';
import type { BackgroundJobs } from '../../lib/background-jobs.js';
import { invalid } from '../../lib/app-error.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { toDataExport } from './export.mapper.js';
import { insertExport, isBrandMemberEmail } from './export.repository.js';

export const EXPORT_JOB = 'data-export';

export interface StartExportOptions {
  db: Db;
  jobs: BackgroundJobs;
  secret: string;
  actor: RequestActor;
  kind: TExportKind;
  request: {
    clientUserId?: string | undefined;
    email?: string | undefined;
    userName?: string | undefined;
    filters: object;
    timeZone: string;
    format: TExportFormat;
  };
}

/**
 * Records an export and queues its job (product rule R90). Allowed by the session's role (export:create),
 * whatever `role` the client sent; the link goes to the requester or another member of the brand.
 */
export async function startExport({ db, jobs, secret, actor, kind, request }: StartExportOptions): Promise<TDataExport> {
  requirePermission(actor, 'export:create');
  if (request.clientUserId !== undefined && request.clientUserId !== actor.userId) {
    throw invalid([{ path: 'clientUserId', message: 'must be the signed-in user' }]);
  }
  const email = request.email ?? actor.email;
  if (email.toLowerCase() !== actor.email.toLowerCase() && !(await isBrandMemberEmail(db, actor.brandId, email))) {
    throw invalid([{ path: 'email', message: 'the link goes to members of this brand only' }]);
  }
  const row = await insertExport(db, {
    id: randomUUID(),
    brandId: actor.brandId,
    userId: actor.userId,
    kind,
    format: request.format,
    email,
    userName: request.userName?.trim() || actor.userName,
    timeZone: request.timeZone,
    filters: request.filters as Record<string, unknown>,
  });
  await jobs.send(EXPORT_JOB, { exportId: row.id }, { singletonKey: row.id });
  return toDataExport(row, secret);
}
