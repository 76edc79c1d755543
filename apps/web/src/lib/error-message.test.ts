import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { ApiError } from './api-client';
import { errorMessage } from './error-message';

const t = i18n.getFixedT('en');

describe('errorMessage', () => {
  it("adds the server's field messages to a bad request that names fields", () => {
    const error = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid file',
      fields: [{ path: 'file', message: 'not a real .csv file' }],
    });
    expect(errorMessage(t, error)).toBe('Some of the information is not valid. file: not a real .csv file');
  });

  it('names each field once by its last path segment', () => {
    const error = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid body',
      fields: [
        { path: 'assignment.itemsId', message: 'select at least one item' },
        { path: 'assignment.itemsId', message: 'select at least one item' },
      ],
    });
    expect(errorMessage(t, error)).toBe('Some of the information is not valid. itemsId: select at least one item');
  });

  it('keeps the code message alone when no field is named, or for other statuses', () => {
    expect(errorMessage(t, new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: 'x' }))).toBe(
      'Some of the information is not valid.',
    );
    expect(
      errorMessage(t, new ApiError({ status: 409, code: 'STALE_VERSION', message: 'x', fields: [{ path: 'version', message: 'stale' }] })),
    ).not.toContain('stale');
  });

  it('says the payment service cannot be reached and nothing was charged (503 PAYMENT_PROVIDER_UNAVAILABLE)', () => {
    const error = new ApiError({ status: 503, code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'The payment service cannot be reached right now', fields: [] });
    expect(errorMessage(t, error)).toBe('The payment service cannot be reached right now; nothing was charged. Try again in a minute.');
  });
});
