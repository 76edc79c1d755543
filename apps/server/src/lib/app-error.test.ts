import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS } from '@rally/domain';
import { appError, codeForStatus } from './app-error.js';

const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');

describe('the closed set of error codes', () => {
  it('lists every code in the README error table', () => {
    const missing = Object.values(ERROR_CODES).filter((code) => !readme.includes(`| \`${code}\` |`));
    expect(missing).toEqual([]);
  });

  it('answers each code with the status ERROR_STATUS maps it to', () => {
    const error = appError(ERROR_CODES.typeNotAllowed, 'no');
    expect(error.status).toBe(403);
    expect(Object.values(ERROR_CODES).every((code) => ERROR_STATUS[code] >= 400)).toBe(true);
  });

  it('keeps a status another library chose within the set', () => {
    expect(codeForStatus(401)).toBe(ERROR_CODES.unauthenticated);
    expect(codeForStatus(429)).toBe(ERROR_CODES.rateLimited);
    expect(codeForStatus(405)).toBe(ERROR_CODES.badRequest);
    expect(codeForStatus(400, ERROR_CODES.authFailed)).toBe(ERROR_CODES.authFailed);
  });
});
