import { randomBytes, randomUUID } from 'node:crypto';
import {
  BRAND_CREATIONS_PER_DAY,
  ERROR_CODES,
  type TCreatedBrand,
  type TBrandCurrency,
  type TCreateBrandBody,
  type ZCreateBrandBody,
} from '@rally/domain';
import type { z } from 'zod';
import { brands } from '../../db/schema/index.js';
import { appError } from '../../lib/app-error.js';
import { recordActivity, userActor } from '../activity/index.js';
import type { RequestUser } from '../auth/index.js';
import { secondsToUtcMidnight } from './invite-member.js';
import { insertMember, setSessionBrand, takeDailyUnit } from './team.repository.js';
import type { TeamDeps } from './team-deps.js';

type BrandRow = typeof brands.$inferSelect;

export function toCreatedBrand(b: BrandRow): TCreatedBrand {
  return {
    id: b.id,
    name: b.name,
    slug: b.slug,
    country: b.country ?? '',
    currency: b.currency as TBrandCurrency,
    timeZone: b.timeZone,
    paymentPlan: b.paymentPlan,
    kind: b.isRetailer ? 'retailer' : 'brand',
    logoUrl: b.logo,
  };
}

/** A URL-safe slug from the name, with a random tail: two brands may share a name. */
function slugFor(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${base || 'brand'}-${randomBytes(4).toString('hex')}`;
}

/**
 * Creates a brand for a signed-in person (with or without brands already): they become its owner and it becomes
 * their session's current brand. At most BRAND_CREATIONS_PER_DAY a day per person, counted atomically in the
 * database (429 with Retry-After until the next UTC day).
 */
export async function createBrand(
  deps: TeamDeps,
  user: RequestUser,
  input: z.output<typeof ZCreateBrandBody> | TCreateBrandBody,
): Promise<TCreatedBrand> {
  const created = await deps.db.transaction(async (tx) => {
    if (!(await takeDailyUnit(tx, 'brand_created', user.userId, BRAND_CREATIONS_PER_DAY))) {
      throw appError(
        ERROR_CODES.rateLimited,
        `You created ${BRAND_CREATIONS_PER_DAY} brands today; try again tomorrow`,
        [],
        {
          'retry-after': String(secondsToUtcMidnight()),
        },
      );
    }
    const [brand] = await tx
      .insert(brands)
      .values({
        id: randomUUID(),
        name: input.name,
        slug: slugFor(input.name),
        country: input.country,
        timeZone: input.timeZone,
        currency: input.currency,
        smartReviewCurrency: input.currency,
        paymentPlan: input.paymentPlan,
        isRetailer: input.kind === 'retailer',
        createdBy: user.userId,
      })
      .returning();
    await insertMember(tx, brand!.id, user.userId, 'owner');
    await recordActivity(tx, {
      brandId: brand!.id,
      actor: userActor(user),
      action: 'brand.created',
      subject: { type: 'brand', id: brand!.id, label: brand!.name },
      changes: [
        { field: 'name', old: null, new: input.name },
        { field: 'country', old: null, new: input.country },
        { field: 'currency', old: null, new: input.currency },
        { field: 'timeZone', old: null, new: input.timeZone },
        { field: 'paymentPlan', old: null, new: input.paymentPlan },
        { field: 'kind', old: null, new: input.kind },
      ],
    });
    await setSessionBrand(tx, user.sessionId, brand!.id);
    return brand!;
  });
  deps.evictSessionsOf(user.userId);
  return toCreatedBrand(created);
}
