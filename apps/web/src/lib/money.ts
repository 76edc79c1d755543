// Amounts for every bundle (dashboard, participant app): no dependencies, so the small bundles can import it.

/** Money is stored as integer cents; shown in the language's currency format. */
export function formatMoney(cents: number, lang: string, currency = 'USD'): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(cents / 100);
}

/** The currency's sign as the language writes it ("$", "€", "US$"…), for an amount field's prefix. */
export function currencySymbol(lang: string, currency = 'USD'): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency;
}
