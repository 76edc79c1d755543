import { randomUUID } from 'node:crypto';
import type { TMemberRole } from '@rally/domain';
import type { DbOrTx } from '../db/client.js';
import { accounts, brandPartnerships, brands, members, users } from '../db/schema/index.js';
import { hashPassword } from '../modules/auth/auth.js';

export const DEMO_PASSWORD = 'demo1234';
/** What the demo brands pay per receipt their smart review reads, in cents. */
export const DEMO_SMART_REVIEW_PRICE_CENTS = 25;

export const DEMO_BRANDS = {
  owner: { slug: 'brightside-beverages', name: 'Brightside Beverages', isRetailer: false, consumerEnabled: true },
  retailer: { slug: 'metro-mart', name: 'Metro Mart', isRetailer: true, consumerEnabled: false },
  partner: { slug: 'peak-snacks', name: 'Peak Snacks', isRetailer: false, consumerEnabled: false },
  outlet: { slug: 'brightside-outlet', name: 'Brightside Outlet', isRetailer: false, consumerEnabled: false },
  // A third approved partner of Metro Mart: the brand a retailer invites in place of one that rejected.
  summit: { slug: 'summit-springs', name: 'Summit Springs', isRetailer: false, consumerEnabled: false },
} as const;
export type DemoBrandKey = keyof typeof DEMO_BRANDS;

export const DEMO_USERS: { email: string; name: string; memberships: [DemoBrandKey, TMemberRole][] }[] = [
  // The owner also belongs to a second brand as a campaign manager, to show brand switching and roles.
  { email: 'owner@brand.test', name: 'Olivia Owner', memberships: [['owner', 'owner'], ['outlet', 'campaign_manager']] },
  { email: 'retailer@retail.test', name: 'Rafael Retailer', memberships: [['retailer', 'owner']] },
  { email: 'partner@partner.test', name: 'Paula Partner', memberships: [['partner', 'owner']] },
  { email: 'summit@partner.test', name: 'Sam Summit', memberships: [['summit', 'owner']] },
];

/** A user who signs in with email and password, as better-auth stores one. */
export async function insertPasswordUser(db: DbOrTx, email: string, name: string, password: string): Promise<string> {
  const id = randomUUID();
  await db.insert(users).values({ id, email, name, emailVerified: true });
  await db.insert(accounts).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await hashPassword(password),
  });
  return id;
}

export async function insertBrand(
  db: DbOrTx,
  values: { slug: string; name: string; isRetailer: boolean; consumerEnabled: boolean; smartReviewPricePerScanCents?: number },
): Promise<string> {
  const id = randomUUID();
  await db.insert(brands).values({ id, ...values });
  return id;
}

export async function insertMember(db: DbOrTx, brandId: string, userId: string, role: TMemberRole) {
  await db.insert(members).values({ id: randomUUID(), organizationId: brandId, userId, role });
}

/** Demo brands and sign-ins; returns brand ids by key. */
export async function seedDemoAccounts(db: DbOrTx): Promise<Record<DemoBrandKey, string>> {
  const ids = {} as Record<DemoBrandKey, string>;
  for (const key of Object.keys(DEMO_BRANDS) as DemoBrandKey[]) {
    // Smart review is priced per receipt reviewed (product rule R121): the demo brands show a real price.
    ids[key] = await insertBrand(db, { ...DEMO_BRANDS[key], smartReviewPricePerScanCents: DEMO_SMART_REVIEW_PRICE_CENTS });
  }
  for (const u of DEMO_USERS) {
    const userId = await insertPasswordUser(db, u.email, u.name, DEMO_PASSWORD);
    for (const [brand, role] of u.memberships) await insertMember(db, ids[brand], userId, role);
  }
  // Metro Mart's partner pool: three approved brands to invite, and one partnership still pending.
  await db.insert(brandPartnerships).values([
    { brandId: ids.retailer, partnerBrandId: ids.partner, status: 'approved' },
    { brandId: ids.retailer, partnerBrandId: ids.owner, status: 'approved' },
    { brandId: ids.retailer, partnerBrandId: ids.summit, status: 'approved' },
    { brandId: ids.retailer, partnerBrandId: ids.outlet, status: 'pending' },
  ]);
  return ids;
}
