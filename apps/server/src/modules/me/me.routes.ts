import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import { ZErrorBody, ZMe, ZSwitchBrandBody, type TBrandCurrency, type TBrandSummary, type TCurrentBrand, type TMe, type TMemberRole } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { brands, members, sessions } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import { resolveActor, type RequestActor } from '../auth/index.js';

type BrandRow = typeof brands.$inferSelect;
const summary = (b: BrandRow): TBrandSummary => ({
  id: b.id,
  name: b.name,
  isRetailer: b.isRetailer,
  consumerEnabled: b.consumerEnabled,
  paymentPlan: b.paymentPlan,
  logoUrl: b.logo,
});
/** The brand load (spec §7): the summary plus wallet, currency and smart review. */
const current = (b: BrandRow): TCurrentBrand => ({
  ...summary(b),
  walletBalance: b.walletBalanceCents,
  currency: b.currency as TBrandCurrency,
  timeZone: b.timeZone,
  smartReview: { enabled: b.smartReviewEnabled, pricePerScan: b.smartReviewPricePerScanCents, currency: b.smartReviewCurrency, plan: b.smartReviewPlan },
});

async function loadMe(db: Db, actor: RequestActor): Promise<TMe> {
  const rows = await db
    .select({ brand: brands, role: members.role })
    .from(members)
    .innerJoin(brands, eq(brands.id, members.organizationId))
    .where(eq(members.userId, actor.userId))
    .orderBy(asc(brands.name));
  const currentRow = rows.find((r) => r.brand.id === actor.brandId);
  if (!currentRow) throw notFound('Brand');
  return {
    user: { id: actor.userId, name: actor.userName, email: actor.email },
    brand: current(currentRow.brand),
    role: actor.role,
    permissions: actor.permissions,
    brands: rows.map((r) => ({ ...summary(r.brand), role: r.role as TMemberRole })),
  };
}

export interface MeRoutesOptions {
  /** Whether the user is a platform operator (the operator module answers; passed in from app.ts). */
  isOperator?: (userId: string) => Promise<boolean>;
}

export async function meRoutes(app: FastifyInstance, options: MeRoutesOptions = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/me',
    { config: { permission: 'member' }, schema: { tags: ['me'], summary: 'The signed-in user, current brand and permissions', response: { 200: ZMe, 401: ZErrorBody } } },
    async (request) => {
      const actor = await app.actor(request);
      const me = await loadMe(app.database.db, actor);
      return options.isOperator ? { ...me, isOperator: await options.isOperator(actor.userId) } : me;
    },
  );
  r.post(
    '/api/me/brand',
    {
      config: { permission: 'member' },
      schema: {
        tags: ['me'],
        summary: 'Switch the current brand',
        body: ZSwitchBrandBody,
        response: { 200: ZMe, 401: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      const db = app.database.db;
      const [membership] = await db
        .select({ role: members.role })
        .from(members)
        .where(and(eq(members.userId, actor.userId), eq(members.organizationId, request.body.brandId)));
      if (!membership) throw notFound('Brand');
      await db.update(sessions).set({ activeOrganizationId: request.body.brandId }).where(eq(sessions.id, actor.sessionId));
      app.caches.sessions.evict(request);
      // Resolved again, not through app.actor: that one is kept for the whole request and names the old brand.
      return loadMe(db, await resolveActor(app.auth, db, app.caches.sessions, request));
    },
  );
}
