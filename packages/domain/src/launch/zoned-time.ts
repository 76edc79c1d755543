/**
 * Wall-clock time in an IANA zone ⇄ instants, through Intl's time-zone database.
 *
 * People enter schedule times as `YYYY-MM-DD HH:mm` in the campaign's zone (product rule R14); we store
 * instants. Two local times need care: one skipped by a spring-forward transition does not exist
 * (we refuse it rather than silently shifting it), and one repeated by a fall-back transition
 * exists twice (we take the earlier instant, the one a person reading a clock first sees).
 */

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== 'string' || timeZone === '') return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallParts(epochMs: number, timeZone: string): WallParts {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(epochMs))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(epochMs: number, timeZone: string): number {
  const w = wallParts(epochMs, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant (epoch seconds) as `YYYY-MM-DD HH:mm` in the zone. */
export function formatZoned(epochSeconds: number, timeZone: string): string {
  const w = wallParts(epochSeconds * 1000, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
}

export type TZonedParse =
  | { ok: true; epochSeconds: number; ambiguous: boolean }
  | { ok: false; reason: 'format' | 'time-zone' | 'nonexistent' };

/** `YYYY-MM-DD HH:mm` in a zone as an instant (epoch seconds), or why it is not one. */
export function parseZoned(text: string, timeZone: string): TZonedParse {
  if (!isValidTimeZone(timeZone)) return { ok: false, reason: 'time-zone' };
  const m = WALL_TIME.exec(text.trim());
  if (!m) return { ok: false, reason: 'format' };
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  // Date.UTC rolls 2026-02-30 over to March; a date that rolled is not a date.
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) {
    return { ok: false, reason: 'format' };
  }
  // Offsets in force within a day either side cover any transition affecting this wall time;
  // a candidate is real when the zone's offset at the resulting instant is the one assumed.
  const offsets = new Set([offsetAt(asUtc - 86_400_000, timeZone), offsetAt(asUtc, timeZone), offsetAt(asUtc + 86_400_000, timeZone)]);
  const instants = [...offsets]
    .map((offset) => asUtc - offset)
    .filter((instant) => offsetAt(instant, timeZone) === asUtc - instant)
    .sort((a, b) => a - b);
  const first = instants[0];
  if (first === undefined) return { ok: false, reason: 'nonexistent' };
  return { ok: true, epochSeconds: Math.floor(first / 1000), ambiguous: new Set(instants).size > 1 };
}

/** Midnight at the start of the zone's current day, as `YYYY-MM-DD` (date pickers start at today). */
export function todayInZone(nowEpochSeconds: number, timeZone: string): string {
  return formatZoned(nowEpochSeconds, timeZone).slice(0, 10);
}
