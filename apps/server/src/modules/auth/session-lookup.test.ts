import { describe, expect, it } from 'vitest';
import { cookieValue } from './session-lookup.js';

describe('cookieValue', () => {
  it('finds one cookie among several and URL-decodes it', () => {
    const header = 'theme=dark; better-auth.session_token=abc.def%3D; other=1';
    expect(cookieValue(header, 'better-auth.session_token')).toBe('abc.def=');
  });
  it('does not match a cookie whose name only ends like the one asked for', () => {
    expect(cookieValue('x-better-auth.session_token=evil', 'better-auth.session_token')).toBeUndefined();
  });
  it('answers undefined without a header, without the cookie, or with a broken encoding', () => {
    expect(cookieValue(undefined, 'a')).toBeUndefined();
    expect(cookieValue('b=1', 'a')).toBeUndefined();
    expect(cookieValue('a=%E0%A4%A', 'a')).toBeUndefined();
  });
});
