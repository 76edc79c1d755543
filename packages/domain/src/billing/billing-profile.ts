import { z } from 'zod';
import { zText } from '../shared/limits.js';

/** Basis points: 2000 = 20 %. */
export const TAX_RATE_MAX_BASIS_POINTS = 10_000;

const optionalText = (max: number) =>
  zText(max)
    .transform((s) => s.trim())
    .nullish()
    .transform((s) => (s ? s : null));

/**
 * The brand's billing profile (PUT /api/billing/profile, the form on the Billing page): who its invoices are
 * made out to. A tax rate needs its label ("VAT", "GST"), and each closed invoice then carries a tax line.
 */
export const ZBillingProfileBody = z
  .object({
    legalName: zText(200).transform((s) => s.trim()).pipe(z.string().min(1, 'enter the legal name')),
    addressLine1: zText(200).transform((s) => s.trim()).pipe(z.string().min(1, 'enter the street address')),
    addressLine2: optionalText(200),
    city: zText(100).transform((s) => s.trim()).pipe(z.string().min(1, 'enter the city')),
    region: optionalText(100),
    postalCode: optionalText(20),
    country: z.string().regex(/^[A-Z]{2}$/, 'a two-letter ISO country code'),
    taxId: optionalText(50),
    taxLabel: optionalText(30),
    taxRateBasisPoints: z.number().int().min(0, '0 % to 100 %').max(TAX_RATE_MAX_BASIS_POINTS, '0 % to 100 %').nullish().transform((v) => v ?? null),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.taxRateBasisPoints !== null && !v.taxLabel) ctx.addIssue({ code: 'custom', path: ['taxLabel'], message: 'name the tax (e.g. VAT) to charge it' });
  });
export type TBillingProfileBody = z.input<typeof ZBillingProfileBody>;
export type TBillingProfile = z.output<typeof ZBillingProfileBody>;

/** The profile as the API answers it (plain: no input trimming). */
export const ZBillingProfile = z.object({
  legalName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  region: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string(),
  taxId: z.string().nullable(),
  taxLabel: z.string().nullable(),
  taxRateBasisPoints: z.number().int().nullable(),
});

/** GET /api/billing/profile: the profile, or null before it is filled in. */
export const ZBillingProfileRead = z.object({ profile: ZBillingProfile.nullable() });

/** A party on an invoice (buyer or seller), as the closed invoice keeps it. */
export const ZInvoiceParty = z.object({
  legalName: z.string(),
  addressLines: z.array(z.string()),
  taxId: z.string().nullable(),
  email: z.string().nullable(),
});
export type TInvoiceParty = z.infer<typeof ZInvoiceParty>;

/** The profile's address as printed lines: street, street 2, "postal code city, region", country. */
export function addressLines(p: Pick<TBillingProfile, 'addressLine1' | 'addressLine2' | 'city' | 'region' | 'postalCode' | 'country'>): string[] {
  const cityLine = [[p.postalCode, p.city].filter(Boolean).join(' '), p.region].filter(Boolean).join(', ');
  return [p.addressLine1, p.addressLine2 ?? '', cityLine, p.country].filter((l) => l !== '');
}

/** The tax on a subtotal, rounded half up to the cent; none on a credit or a zero month. */
export function taxCents(subtotalCents: number, basisPoints: number | null): number {
  if (basisPoints === null || basisPoints === 0 || subtotalCents <= 0) return 0;
  return Math.round((subtotalCents * basisPoints) / TAX_RATE_MAX_BASIS_POINTS);
}

/** "20 %" style label of a rate: basis points as a percentage, without trailing zeros. */
export const taxRateLabel = (basisPoints: number) => `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

/** Rally as the seller when SELLER_* is not set (development, tests): the env defaults. */
export const DEFAULT_SELLER: TInvoiceParty = {
  legalName: 'Rally Technologies Inc.',
  addressLines: ['548 Market St', 'San Francisco, CA 94104', 'US'],
  taxId: null,
  email: 'billing@rally.local',
};

/** A brand as a buyer: its billing profile, or only its name until the profile is filled in. */
export function buyerParty(brandName: string, profile: (TBillingProfile & { legalName: string }) | null | undefined): TInvoiceParty {
  if (!profile) return { legalName: brandName, addressLines: [], taxId: null, email: null };
  return { legalName: profile.legalName, addressLines: addressLines(profile), taxId: profile.taxId, email: null };
}
