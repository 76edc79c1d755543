import { randomUUID } from 'node:crypto';
import type { TDataExport, TExportFormat, TExportKind } from '@rally/domain';
import type { Db } from '../../db/client.js';
import type { BackgroundJobs } from '../../lib/background-jobs.js';
import { ERROR_CODES } from '@rally/domain';
import { appError, invalid, notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { findVisibleCampaign } from '../campaign/index.js';
import { toDataExport } from './export.mapper.js';
import { findVisibleReward, insertExportWithinCaps, isBrandMemberEmail, type ExportCaps } from './export.repository.js';

export const EXPORT_JOB = 'data-export';

/**
 * Exports queued or running at once, per user (whatever the brand) and per brand. Each export reads the database
 * in the background and mails a link: without a cap one owner queued 3,886 in two minutes (issue 27).
 */
export const EXPORT_CAPS: ExportCaps = { perUser: 3, perBrand: 10 };
/** What a refused start is told to wait: a typical export finishes well within it. */
const RETRY_AFTER_SECONDS = 30;

type ExportFilterIds = { campaignId?: number | undefined; rewardId?: number | undefined; [filter: string]: unknown };

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
    /** The kind's filters; a campaign or reward they name is checked against the brand. */
    filters: ExportFilterIds;
    timeZone: string;
    format: TExportFormat;
  };
}

/**
 * Records an export and queues its job (product rule R90). Allowed by the session's role (export:create),
 * whatever `role` the client sent; the link goes to the requester or another member of the brand.
 */
export async function startExport({ db, jobs, secret, actor, kind, request }: StartExportOptions): Promise<TDataExport> {
  if (request.clientUserId !== undefined && request.clientUserId !== actor.userId) {
    throw invalid([{ path: 'clientUserId', message: 'must be the signed-in user' }]);
  }
  const email = request.email ?? actor.email;
  if (email.toLowerCase() !== actor.email.toLowerCase() && !(await isBrandMemberEmail(db, actor.brandId, email))) {
    throw invalid([{ path: 'email', message: 'the link goes to members of this brand only' }]);
  }
  await checkFilterIds(db, actor.brandId, request.filters);
  const { row, full } = await insertExportWithinCaps(db, {
    id: randomUUID(),
    brandId: actor.brandId,
    userId: actor.userId,
    kind,
    format: request.format,
    email,
    userName: request.userName?.trim() || actor.userName,
    timeZone: request.timeZone,
    filters: request.filters,
  }, EXPORT_CAPS);
  if (full) {
    const message =
      full === 'user'
        ? `You have ${EXPORT_CAPS.perUser} exports queued or running; start another when one finishes, or cancel one on the Exports screen`
        : `Your brand has ${EXPORT_CAPS.perBrand} exports queued or running; start another when one finishes`;
    throw appError(ERROR_CODES.rateLimited, message, [], { 'retry-after': String(RETRY_AFTER_SECONDS) });
  }
  await jobs.send(EXPORT_JOB, { exportId: row.id }, { singletonKey: row.id });
  return toDataExport(row, secret);
}

/**
 * A campaign or reward named in the filters must be one the brand can see: another brand's id answers 404, as
 * everywhere else, rather than an export that quietly comes out empty.
 */
async function checkFilterIds(db: Db, brandId: string, filters: ExportFilterIds): Promise<void> {
  if (filters.campaignId !== undefined && !(await findVisibleCampaign(db, brandId, filters.campaignId))) throw notFound('Campaign');
  if (filters.rewardId !== undefined) {
    const reward = await findVisibleReward(db, brandId, filters.rewardId);
    if (!reward) throw notFound('Reward');
    if (filters.campaignId !== undefined && reward.campaignId !== filters.campaignId) {
      throw invalid([{ path: 'filters.rewardId', message: 'not a reward of the campaign in filters.campaignId' }]);
    }
  }
}
