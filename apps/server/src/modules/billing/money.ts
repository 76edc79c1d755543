/** Cents as an amount with its currency code, for server messages, CSV and PDF (the web formats in the user's language). */
export function formatCents(cents: number, currency: string, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}
