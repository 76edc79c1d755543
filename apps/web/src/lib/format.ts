import dayjs from 'dayjs';
import { DATE_TIME_FORMAT, DEFAULT_TIME_ZONE } from '@rally/domain';

function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Stored time zones come from user input; an unknown one must not crash a whole list. */
function safeTimeZone(timeZone: string | undefined): string | undefined {
  if (timeZone === undefined) return undefined;
  return isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
}

/**
 * The spec's date-time format (YYYY-MM-DD HH:mm, §9) for an instant as seen in the
 * campaign's time zone, rendered with the chosen language's dayjs locale.
 */
export function formatDateTime(epochSeconds: number, timeZone: string, lang: string): string {
  return dayjs
    .unix(epochSeconds)
    .tz(safeTimeZone(timeZone) ?? DEFAULT_TIME_ZONE)
    .locale(lang)
    .format(DATE_TIME_FORMAT);
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A readable, language-dependent date for lists ("12 janv. 2026, 14:30").
 * Without a time zone the browser's own zone is used, which is right for instants
 * such as "created at" that belong to no campaign schedule.
 */
export function formatListDate(epochSeconds: number, lang: string, timeZone?: string): string {
  const zone = safeTimeZone(timeZone);
  const key = `${lang}|${zone ?? ''}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
    dateFormatters.set(key, formatter);
  }
  return formatter.format(new Date(epochSeconds * 1000));
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zonedFormatter(lang: string, zone: string): Intl.DateTimeFormat {
  const key = `${lang}|${zone}`;
  let formatter = zoneFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(lang, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone: zone,
    });
    zoneFormatters.set(key, formatter);
  }
  return formatter;
}

/** The zone's short name at that instant, as the language writes it ("EST", "UTC−5", "GMT+1"). */
export function zoneLabel(epochSeconds: number, timeZone: string, lang: string): string {
  const zone = safeTimeZone(timeZone) ?? DEFAULT_TIME_ZONE;
  return (
    zonedFormatter(lang, zone)
      .formatToParts(new Date(epochSeconds * 1000))
      .find((p) => p.type === 'timeZoneName')?.value ?? zone
  );
}

/**
 * Every date of a campaign — start, end, created, activity — shown in the campaign's zone and
 * labelled with it, so dates side by side never mix zones. 'readable' follows the language
 * ("9 janv. 2026, 18:06 UTC−5"); 'spec' is YYYY-MM-DD HH:mm followed by the zone ("2026-01-09 18:06 EST").
 */
export function formatZonedDate(
  epochSeconds: number,
  timeZone: string,
  lang: string,
  style: 'readable' | 'spec' = 'readable',
): string {
  const zone = safeTimeZone(timeZone) ?? DEFAULT_TIME_ZONE;
  if (style === 'spec') return `${formatDateTime(epochSeconds, zone, lang)} ${zoneLabel(epochSeconds, zone, lang)}`;
  return zonedFormatter(lang, zone).format(new Date(epochSeconds * 1000));
}

export function formatNumber(value: number, lang: string): string {
  return new Intl.NumberFormat(lang).format(value);
}

/** Progress arrives as 0-100; Intl adds the language's own percent spacing ("45 %" in French). */
export function formatPercent(value: number, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
}

/**
 * A campaign schedule instant (start or end) as YYYY-MM-DD HH:mm in the campaign's
 * own time zone (product rule R47), whatever the browser's zone is.
 */
export function formatScheduleDate(epochSeconds: number, timeZone: string, lang: string): string {
  return formatZonedDate(epochSeconds, timeZone, lang, 'spec');
}

export { formatMoney, currencySymbol } from './money';
