import timezones from 'timezones.json';
import { isValidTimeZone } from '@rally/domain';

export interface TTimeZoneOption {
  value: string;
  label: string;
}

/** Zones this browser's Intl knows by that exact name (the server checks against the same database). */
function supportedZones(): Set<string> | null {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return typeof intl.supportedValuesOf === 'function' ? new Set([...intl.supportedValuesOf('timeZone'), 'UTC']) : null;
}

let cached: TTimeZoneOption[] | null = null;

/**
 * One option per IANA zone (product rule R14; each entry a `text` and its `utc` list), labelled with
 * the Windows-style name people recognise plus the zone itself. A zone listed under two entries
 * (New York is under both "Eastern Time" and "Eastern Daylight Time") appears once, under the
 * first; legacy names Intl does not list (Etc/GMT+5, CST6CDT…) are left out.
 */
export function timeZoneOptions(): TTimeZoneOption[] {
  if (cached) return cached;
  const supported = supportedZones();
  const seen = new Set<string>();
  const options: TTimeZoneOption[] = [];
  for (const entry of timezones) {
    for (const zone of entry.utc) {
      if (seen.has(zone) || !isValidTimeZone(zone) || (supported && !supported.has(zone))) continue;
      seen.add(zone);
      options.push({ value: zone, label: `${entry.text} · ${zone.replace(/_/g, ' ')}` });
    }
  }
  cached = options;
  return options;
}

/** The options, with the campaign's stored zone kept selectable even when the list lacks it. */
export function timeZoneOptionsWith(current: string): TTimeZoneOption[] {
  const options = timeZoneOptions();
  if (!current || options.some((o) => o.value === current) || !isValidTimeZone(current)) return options;
  return [{ value: current, label: current.replace(/_/g, ' ') }, ...options];
}
