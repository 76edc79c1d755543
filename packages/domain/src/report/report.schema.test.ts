import { describe, expect, it } from 'vitest';
import { parseZoned } from '../launch/zoned-time.js';
import { REPORT_MAX_DAYS, ZCampaignReport, ZReportQuery, reportDays } from './report.schema.js';

const at = (wall: string, timeZone: string) => {
  const parsed = parseZoned(wall, timeZone);
  if (!parsed.ok) throw new Error(`bad wall time ${wall}`);
  return parsed.epochSeconds;
};

describe('reportDays', () => {
  it('runs from the start day to the last day, in the campaign zone', () => {
    const tz = 'America/New_York';
    expect(
      reportDays({ startDate: at('2026-03-01 23:30', tz), until: at('2026-03-04 00:10', tz), timeZone: tz }),
    ).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04']);
  });

  it('keeps only the last 30 days of a long campaign', () => {
    const tz = 'Europe/Madrid';
    const days = reportDays({ startDate: at('2026-01-01 09:00', tz), until: at('2026-06-15 12:00', tz), timeZone: tz });
    expect(days).toHaveLength(REPORT_MAX_DAYS);
    expect(days[0]).toBe('2026-05-17');
    expect(days.at(-1)).toBe('2026-06-15');
  });

  it('counts calendar days across a daylight-saving change without skipping or repeating one', () => {
    const tz = 'Europe/Madrid';
    // Clocks go forward on 2026-03-29 and back on 2026-10-25.
    expect(
      reportDays({ startDate: at('2026-03-28 10:00', tz), until: at('2026-03-30 10:00', tz), timeZone: tz }),
    ).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
    expect(
      reportDays({ startDate: at('2026-10-24 10:00', tz), until: at('2026-10-26 10:00', tz), timeZone: tz }),
    ).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
  });

  it('names days in the campaign zone, not in UTC', () => {
    // 03:00 UTC on the 2nd is still the evening of the 1st in New York.
    const until = Date.UTC(2026, 4, 2, 3, 0) / 1000;
    expect(reportDays({ startDate: until - 3600, until, timeZone: 'America/New_York' })).toEqual(['2026-05-01']);
    expect(reportDays({ startDate: until - 3600, until, timeZone: 'Asia/Tokyo' })).toEqual(['2026-05-02']);
  });

  it('is empty for a campaign that has not started yet', () => {
    const tz = 'UTC';
    expect(
      reportDays({ startDate: at('2026-05-10 00:00', tz), until: at('2026-05-01 00:00', tz), timeZone: tz }),
    ).toEqual([]);
  });

  it('is empty for a campaign that was never scheduled', () => {
    expect(reportDays({ startDate: null, until: at('2026-05-30 12:00', 'UTC'), timeZone: 'UTC' })).toEqual([]);
  });
});

describe('report contract', () => {
  it('reads a store id from the query string and refuses unknown parameters', () => {
    expect(ZReportQuery.parse({ storeKey: '12' })).toEqual({ storeKey: 12 });
    expect(ZReportQuery.safeParse({ storeKey: 'abc' }).success).toBe(false);
    expect(ZReportQuery.safeParse({ store: '12' }).success).toBe(false);
  });

  it('refuses a daily series longer than 30 days', () => {
    const base = ZCampaignReport.shape.daily;
    const tooMany = Array.from({ length: REPORT_MAX_DAYS + 1 }, () => ({ date: '2026-01-01', completions: 0 }));
    expect(base.safeParse(tooMany).success).toBe(false);
    expect(base.safeParse(tooMany.slice(1)).success).toBe(true);
  });
});
