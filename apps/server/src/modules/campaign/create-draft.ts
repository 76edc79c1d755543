import { ERROR_CODES, allowedDraftTypes, draftFromCreateType, type TCampaign, type TCreateDraftType } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { appError, notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { toApiCampaign } from './campaign.mapper.js';
import { findBrand, insertCampaign, newPublicUid, recordAudit } from './campaign.repository.js';

export interface CreateDraftOptions {
  db: Db;
  actor: RequestActor;
  type: TCreateDraftType;
}

export async function createDraft({ db, actor, type }: CreateDraftOptions): Promise<TCampaign> {
  const brand = await findBrand(db, actor.brandId);
  if (!brand) throw notFound('Brand');
  if (!allowedDraftTypes(brand).includes(type)) {
    const reason = type === 'consumer' ? 'needs the consumer feature' : 'is for retailers only';
    throw appError(ERROR_CODES.typeNotAllowed, `A ${type} campaign ${reason}`, [
      { path: 'type', message: `${type} ${reason}` },
    ]);
  }
  return db.transaction(async (tx) => {
    const row = await insertCampaign(tx, {
      brandId: actor.brandId,
      publicUid: newPublicUid(),
      ...draftFromCreateType(type),
      // A new campaign's dates are in the brand's time zone until the builder changes it.
      timeZone: brand.timeZone,
      status: 'draft',
      createdBy: actor.userId,
    });
    await recordAudit(tx, { brandId: actor.brandId, campaignId: row.id, userId: actor.userId, action: 'create' });
    return toApiCampaign(row);
  });
}
