import { DEFAULT_PUBLIC_LEADERBOARD_NAMES, type TPublicPageSettings } from '@rally/domain';
import type { Db } from '../../db/client.js';
import type { RequestActor } from '../auth/index.js';
import { recordActivity, userActor } from '../activity/index.js';
import { findPublicPageSettings, savePublicPageSettings } from './public-page.repository.js';

/** The brand's public page settings; any member may read them (the builder shows them). */
export async function getPublicPageSettings(db: Db, actor: RequestActor): Promise<TPublicPageSettings> {
  const row = await findPublicPageSettings(db, actor.brandId);
  return { leaderboardNames: row?.leaderboardNames ?? DEFAULT_PUBLIC_LEADERBOARD_NAMES };
}

/** Changes what the brand's public pages show: a brand setting (brand:update — owners and admins). */
export async function updatePublicPageSettings(db: Db, actor: RequestActor, settings: TPublicPageSettings): Promise<TPublicPageSettings> {
  await db.transaction(async (tx) => {
    const before = (await findPublicPageSettings(tx, actor.brandId))?.leaderboardNames ?? DEFAULT_PUBLIC_LEADERBOARD_NAMES;
    if (before === settings.leaderboardNames) return;
    await savePublicPageSettings(tx, actor.brandId, settings);
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: 'brand.public_page_updated',
      subject: { type: 'brand', id: actor.brandId },
      changes: [{ field: 'leaderboardNames', old: before, new: settings.leaderboardNames }],
    });
  });
  return getPublicPageSettings(db, actor);
}
