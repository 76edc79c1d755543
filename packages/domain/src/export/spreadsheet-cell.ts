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

/**
 * An instant as `YYYY-MM-DD HH:mm` in a zone, for millions of rows: the zone's offset is looked up once per
 * 15 minutes of UTC (every zone's transitions fall on a quarter hour) instead of once per row.
 */
export function createZonedFormatter(timeZone: string): (instant: Date | null) => string {
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
  const offsetAt = (ms: number) => {
    const bucket = Math.floor(ms / 900_000);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      const start = bucket * 900_000;
      const p: Record<string, string> = {};
      for (const part of intl.formatToParts(new Date(start))) p[part.type] = part.value;
      offset = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - start;
      if (offsets.size > 50_000) offsets.clear();
      offsets.set(bucket, offset);
    }
    return offset;
  };
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return (instant) => {
    if (!instant) return '';
    const ms = instant.getTime();
    const d = new Date(ms + offsetAt(ms));
    return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  };
}
