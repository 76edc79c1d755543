const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A report day (YYYY-MM-DD, already a calendar date of the campaign's zone) as a short date in
 * the user's language ("Mar 4", "4 mars"). Read as UTC midnight and formatted in UTC, so the
 * browser's own zone cannot move it to a neighbouring day.
 */
export function formatReportDay(day: string, lang: string): string {
  let formatter = formatters.get(lang);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(lang, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    formatters.set(lang, formatter);
  }
  return formatter.format(new Date(`${day}T00:00:00Z`));
}
