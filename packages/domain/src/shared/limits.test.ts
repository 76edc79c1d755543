import { describe, expect, it } from 'vitest';
import { INT4_MAX, ZIdParam, ZIdRef, findTextProblem, textProblem, zText, TEXT_MESSAGES } from './limits.js';

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
