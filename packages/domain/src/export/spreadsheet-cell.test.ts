import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatZoned } from '../launch/zoned-time.js';
import { createZonedFormatter, neutraliseCell } from './spreadsheet-cell.js';

describe('neutraliseCell', () => {
  it.each(['=HYPERLINK("http://evil.test","x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])('makes %j inert with a leading apostrophe', (v) => {
    expect(neutraliseCell(v)).toBe(`'${v}`);
  });

  it('leaves ordinary text and the empty cell alone', () => {
    expect(neutraliseCell('Corner Shop')).toBe('Corner Shop');
    expect(neutraliseCell('')).toBe('');
    expect(neutraliseCell(' =not first')).toBe(' =not first');
  });

  it('never leaves a cell that starts with a formula character', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = neutraliseCell(s);
        expect(/^[=+\-@\t\r]/.test(out)).toBe(false);
        expect(out.endsWith(s)).toBe(true);
      }),
    );
  });
});

describe('createZonedFormatter', () => {
  it('formats instants as formatZoned does, across DST transitions and odd offsets', () => {
    for (const tz of ['America/New_York', 'Europe/Paris', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC']) {
      const format = createZonedFormatter(tz);
      fc.assert(
        fc.property(fc.integer({ min: 1_600_000_000, max: 1_900_000_000 }), (s) => {
          expect(format(new Date(s * 1000))).toBe(formatZoned(s, tz));
        }),
        { numRuns: 300 },
      );
    }
  });

  it('formats runs of neighbouring instants in milliseconds as formatZoned does (the per-minute and per-day reuse)', () => {
    for (const tz of ['America/New_York', 'Europe/Paris', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'America/St_Johns']) {
      const format = createZonedFormatter(tz);
      fc.assert(
        fc.property(
          fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 }),
          fc.array(fc.integer({ min: -120_000, max: 3_700_000 }), { minLength: 1, maxLength: 60 }),
          (startMs, steps) => {
            let ms = startMs;
            for (const step of steps) {
              ms += step;
              expect(format(ms)).toBe(formatZoned(Math.floor(ms / 1000), tz));
            }
          },
        ),
        { numRuns: 200 },
      );
    }
  });

  it('formats the instants around a daylight-saving change in order, each with its own offset', () => {
    const format = createZonedFormatter('Europe/Paris');
    // 2026-10-25 01:00 UTC: Paris goes from 03:00 CEST back to 02:00 CET.
    const change = Date.UTC(2026, 9, 25, 1, 0);
    expect([change - 60_000, change, change + 59_999].map(format)).toEqual(['2026-10-25 02:59', '2026-10-25 02:00', '2026-10-25 02:00']);
  });

  it('writes an empty cell for a missing instant', () => {
    expect(createZonedFormatter('UTC')(null)).toBe('');
  });
});
