import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatZoned, isValidTimeZone, parseZoned, todayInZone } from './zoned-time.js';

const ZONES = Intl.supportedValuesOf('timeZone');
const at = (iso: string) => Date.parse(iso) / 1000;

describe('zoned time', () => {
  it('reads a New York wall time as the right instant in winter and in summer', () => {
    expect(parseZoned('2026-01-15 09:00', 'America/New_York')).toEqual({ ok: true, epochSeconds: at('2026-01-15T14:00:00Z'), ambiguous: false });
    expect(parseZoned('2026-07-15 09:00', 'America/New_York')).toEqual({ ok: true, epochSeconds: at('2026-07-15T13:00:00Z'), ambiguous: false });
  });

  it('refuses 02:30 on the spring-forward day instead of shifting it', () => {
    expect(parseZoned('2026-03-08 02:30', 'America/New_York')).toEqual({ ok: false, reason: 'nonexistent' });
    expect(parseZoned('2026-03-29 02:30', 'Europe/Madrid')).toEqual({ ok: false, reason: 'nonexistent' });
    // The same wall time exists in a zone without daylight saving.
    expect(parseZoned('2026-03-08 02:30', 'America/Phoenix').ok).toBe(true);
  });

  it('takes the earlier of the two instants of a fall-back hour and says it was ambiguous', () => {
    expect(parseZoned('2026-11-01 01:30', 'America/New_York')).toEqual({ ok: true, epochSeconds: at('2026-11-01T05:30:00Z'), ambiguous: true });
  });

  it('handles half-hour and southern-hemisphere zones', () => {
    expect(parseZoned('2026-06-01 12:00', 'Asia/Kolkata')).toMatchObject({ epochSeconds: at('2026-06-01T06:30:00Z') });
    expect(parseZoned('2026-10-04 02:30', 'Australia/Sydney')).toEqual({ ok: false, reason: 'nonexistent' });
    expect(formatZoned(at('2026-01-01T00:00:00Z'), 'Australia/Sydney')).toBe('2026-01-01 11:00');
  });

  it('rejects malformed text, impossible dates and unknown zones', () => {
    expect(parseZoned('2026-02-30 10:00', 'UTC')).toEqual({ ok: false, reason: 'format' });
    expect(parseZoned('2026-01-01T10:00', 'UTC')).toEqual({ ok: false, reason: 'format' });
    expect(parseZoned('2026-01-01 24:00', 'UTC')).toEqual({ ok: false, reason: 'format' });
    expect(parseZoned('2026-01-01 10:00', 'Mars/Olympus')).toEqual({ ok: false, reason: 'time-zone' });
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('gives today in the zone, not in UTC', () => {
    expect(todayInZone(at('2026-11-23T02:00:00Z'), 'America/New_York')).toBe('2026-11-22');
    expect(todayInZone(at('2026-11-23T02:00:00Z'), 'Asia/Tokyo')).toBe('2026-11-23');
  });

  it('round-trips every minute instant through its wall time in any zone (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        // Whole minutes from 1980 to 2099: before 1972 some zones (Africa/Monrovia) kept offsets in
        // seconds, which no `HH:mm` entry can express.
        fc.integer({ min: 5_258_880, max: 68_000_000 }),
        (zone, minutes) => {
          const instant = minutes * 60;
          const text = formatZoned(instant, zone);
          const back = parseZoned(text, zone);
          expect(back.ok).toBe(true);
          if (!back.ok) return;
          // The wall time always maps back to itself; only in a repeated hour can the instant differ
          // (then the earlier of the two is chosen).
          expect(formatZoned(back.epochSeconds, zone)).toBe(text);
          if (back.epochSeconds !== instant) {
            expect(back.ambiguous).toBe(true);
            expect(back.epochSeconds).toBeLessThan(instant);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('never accepts a wall time that reads back differently (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2060-12-31T00:00:00Z'), noInvalidDate: true }),
        (zone, date) => {
          const text = date.toISOString().slice(0, 16).replace('T', ' ');
          const parsed = parseZoned(text, zone);
          if (parsed.ok) expect(formatZoned(parsed.epochSeconds, zone)).toBe(text);
          else expect(parsed.reason).toBe('nonexistent');
        },
      ),
      { numRuns: 3000 },
    );
  });
});
