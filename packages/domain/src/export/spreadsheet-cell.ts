/**
 * Spreadsheet formula injection (product rule R91): a cell a spreadsheet would read as a formula —
 * text starting with =, +, -, @, a tab or a carriage return — is written with a leading apostrophe,
 * which Excel, LibreOffice and Google Sheets show as text and never evaluate. Every text cell of every
 * export goes through this one function; numbers are written as numbers and need nothing.
 */
export function neutraliseCell(value: string): string {
  if (value === '') return value;
  const first = value.charCodeAt(0);
  // = + - @ \t \r
  if (first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13) return `'${value}`;
  return value;
}

/** `00`…`99`: two-digit fields without padStart per row. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => (n < 10 ? `0${n}` : String(n)));

/**
 * An instant (a Date, or epoch milliseconds) as `YYYY-MM-DD HH:mm` in a zone, for millions of rows: the zone's
 * offset is looked up once per 15 minutes of UTC (every zone's transitions fall on a quarter hour) instead of once
 * per row, the date part is built once per local day and the whole text once per local minute (rows come in id
 * order, so neighbours mostly share both). Checked against the reference `formatZoned` by a property test.
 */
export function createZonedFormatter(timeZone: string): (instant: Date | number | null) => string {
  const intl = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const offsets = new Map<number, number>();
  let lastBucket = NaN;
  let lastOffset = 0;
  const offsetAt = (ms: number) => {
    const bucket = Math.floor(ms / 900_000);
    if (bucket === lastBucket) return lastOffset;
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      const start = bucket * 900_000;
      const p: Record<string, string> = {};
      for (const part of intl.formatToParts(new Date(start))) p[part.type] = part.value;
      offset = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - start;
      if (offsets.size > 50_000) offsets.clear();
      offsets.set(bucket, offset);
    }
    lastBucket = bucket;
    lastOffset = offset;
    return offset;
  };
  let lastMinute = NaN;
  let lastText = '';
  let lastDay = NaN;
  let dayText = '';
  return (instant) => {
    if (instant == null) return '';
    const ms = typeof instant === 'number' ? instant : instant.getTime();
    if (!Number.isFinite(ms)) return '';
    const minute = Math.floor((ms + offsetAt(ms)) / 60_000);
    if (minute === lastMinute) return lastText;
    const day = Math.floor(minute / 1440);
    if (day !== lastDay) {
      const d = new Date(day * 86_400_000);
      dayText = `${String(d.getUTCFullYear()).padStart(4, '0')}-${TWO_DIGITS[d.getUTCMonth() + 1]}-${TWO_DIGITS[d.getUTCDate()]} `;
      lastDay = day;
    }
    const inDay = minute - day * 1440;
    lastText = `${dayText}${TWO_DIGITS[Math.floor(inDay / 60)]}:${TWO_DIGITS[inDay % 60]}`;
    lastMinute = minute;
    return lastText;
  };
}
