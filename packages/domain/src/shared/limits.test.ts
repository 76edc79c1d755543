import { describe, expect, it } from 'vitest';
import { INT4_MAX, ZIdParam, ZIdRef, findTextProblem, textProblem, zQueryInt, zText, TEXT_MESSAGES } from './limits.js';
import { ZCalendarDay, ZEpochSeconds } from './api-schemas.js';

describe('text PostgreSQL can store', () => {
  it('refuses NUL and unpaired surrogates, accepts paired ones', () => {
    expect(textProblem('a\u0000b')).toBe(TEXT_MESSAGES.nul);
    expect(textProblem('a\uD800b')).toBe(TEXT_MESSAGES.surrogate);
    expect(textProblem('\uDC00')).toBe(TEXT_MESSAGES.surrogate);
    expect(textProblem('emoji 😀 ok')).toBeNull();
  });

  it('names the first bad string or key of a request part by its dotted path', () => {
    expect(findTextProblem({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual({ path: 'a.1.c', message: TEXT_MESSAGES.nul });
    expect(findTextProblem({ ['k\u0000']: 1 })).toEqual({ path: 'k\u0000', message: `key ${TEXT_MESSAGES.nul}` });
    expect(findTextProblem({ a: 1, b: [true, null, 'fine'] })).toBeNull();
  });

  it('zText applies the same rule and its length', () => {
    expect(zText(3).safeParse('abcd').success).toBe(false);
    expect(zText(3).safeParse('a\u0000').success).toBe(false);
    expect(zText(3).safeParse('abc').success).toBe(true);
  });
});

describe('ids fit the int4 columns', () => {
  it('accepts 1..2147483647 and refuses the rest', () => {
    expect(ZIdRef.safeParse(INT4_MAX).success).toBe(true);
    expect(ZIdRef.safeParse(INT4_MAX + 1).success).toBe(false);
    expect(ZIdRef.safeParse(0).success).toBe(false);
    expect(ZIdParam.safeParse('2147483648').success).toBe(false);
    expect(ZIdParam.safeParse('12').data).toBe(12);
  });
});

describe('numbers from a path, query or form field are spelt in digits only', () => {
  it('reads decimal digits and refuses every other spelling of the same number', () => {
    expect(ZIdParam.parse('16')).toBe(16);
    expect(ZIdParam.parse(String(INT4_MAX))).toBe(INT4_MAX);
    for (const spelt of ['0x10', ' 5', '5 ', '5.0', '1\n', '1e1', '+5', '-5', '05', '0', '', '5,0', '2147483648', '99999999999999999999']) {
      expect(ZIdParam.safeParse(spelt).success, JSON.stringify(spelt)).toBe(false);
    }
  });

  it('bounds a query number and keeps its message', () => {
    expect(zQueryInt(0, 50).parse('0')).toBe(0);
    expect(zQueryInt(0, 50).safeParse('51').error?.issues[0]?.message).toBe('at most 50');
    expect(zQueryInt(1, 50).safeParse('0x1').success).toBe(false);
  });
});

describe('dates stay within what the database stores', () => {
  it('accepts instants up to the end of year 9999 and no later', () => {
    expect(ZEpochSeconds.safeParse(Date.UTC(9999, 11, 31, 23, 59, 59) / 1000).success).toBe(true);
    expect(ZEpochSeconds.safeParse(Date.UTC(10000, 0, 1) / 1000).success).toBe(false);
    expect(ZEpochSeconds.safeParse(Date.UTC(15883, 0, 1) / 1000).success).toBe(false);
    expect(ZEpochSeconds.safeParse(-1).success).toBe(false);
  });

  it('accepts calendar days that exist, from year 1 to 9999', () => {
    for (const day of ['2024-02-29', '0001-01-01', '9999-12-31']) expect(ZCalendarDay.safeParse(day).success, day).toBe(true);
    for (const day of ['2025-02-29', '2025-02-30', '2025-13-01', '2025-00-10', '0000-01-01', '2025-1-1', '20250-01-01']) {
      expect(ZCalendarDay.safeParse(day).success, day).toBe(false);
    }
  });
});
