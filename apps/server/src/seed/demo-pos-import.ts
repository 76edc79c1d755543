import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { posImportedStores, stores } from '../db/schema/index.js';
import type { DemoBrandKey } from './demo-accounts.js';

/** How the POS system of a demo brand abbreviates what the brand's own store list spells out. */
const ABBREVIATIONS: [RegExp, string][] = [
  [/\bStreet\b/g, 'St'],
  [/\bAvenue\b/g, 'Ave'],
  [/\bRoad\b/g, 'Rd'],
  [/\bBoulevard\b/g, 'Blvd'],
  [/\bMarket\b/g, 'Mkt'],
  [/\bStraße\b/g, 'Str.'],
  [/\bRue\b/g, 'R.'],
];
const abbreviate = (s: string) => ABBREVIATIONS.reduce((acc, [re, to]) => acc.replace(re, to), s);

/**
 * A point-of-sale import waiting in Brightside's merge queue (POS import screen): four rows that are plainly
 * existing stores, four near matches (abbreviated, a letter off, postcode missing) and three stores the brand does
 * not have yet.
 */
export async function seedDemoPosImport(db: DbOrTx, brandIds: Record<DemoBrandKey, string>): Promise<void> {
  const brandId = brandIds.owner;
  const existing = await db.select().from(stores).where(eq(stores.brandId, brandId)).orderBy(asc(stores.id)).limit(8);
  const rows: (typeof posImportedStores.$inferInsert)[] = [];
  existing.slice(0, 4).forEach((s, i) => {
    rows.push({ brandId, refId: `POS-${1001 + i}`, name: s.name, street: s.street, city: s.city, region: s.region, postalCode: s.postalCode, countryCode: s.countryCode });
  });
  existing.slice(4, 8).forEach((s, i) => {
    const name = abbreviate(s.name);
    rows.push({
      brandId,
      refId: `POS-${2001 + i}`,
      // A near match: abbreviated, and every other one with a letter dropped and no postcode.
      name: i % 2 === 0 ? name : name.slice(0, -1),
      street: abbreviate(s.street),
      city: s.city,
      region: s.region,
      postalCode: i % 2 === 0 ? s.postalCode : '',
      countryCode: s.countryCode,
    });
  });
  rows.push(
    { brandId, refId: 'POS-3001', name: 'Brightside Kiosk Union Station', street: '50 Massachusetts Ave NE', city: 'Washington', region: 'DC', postalCode: '20002', countryCode: 'US' },
    { brandId, refId: 'POS-3002', name: 'Brightside Pop-up Harbourfront', street: '235 Queens Quay W', city: 'Toronto', region: 'ON', postalCode: 'M5J 2G8', countryCode: 'CA' },
    { brandId, refId: 'POS-3003', name: 'Brightside Airport Corner', street: 'Terminal 2, Gate B', city: 'Dublin', region: '', postalCode: 'K67 X4F2', countryCode: 'IE' },
  );
  await db.insert(posImportedStores).values(rows);
}
