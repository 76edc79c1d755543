import type { TFunction } from 'i18next';
import { ERROR_CODES } from '@rally/domain';
import { CLIENT_ERROR_CODES, isApiError } from './api-error';

const CODE_KEYS = {
  [ERROR_CODES.validation]: 'errors.codes.validation',
  [ERROR_CODES.malformed]: 'errors.codes.malformed',
  [ERROR_CODES.unauthenticated]: 'errors.codes.unauthenticated',
  [ERROR_CODES.forbidden]: 'errors.codes.forbidden',
  [ERROR_CODES.notFound]: 'errors.codes.not-found',
  [ERROR_CODES.conflict]: 'errors.codes.conflict',
  [ERROR_CODES.staleVersion]: 'errors.codes.stale-version',
  [ERROR_CODES.illegalTransition]: 'errors.codes.illegal-transition',
  [ERROR_CODES.payloadTooLarge]: 'errors.codes.payload-too-large',
  [ERROR_CODES.rateLimited]: 'errors.codes.rate-limited',
  [ERROR_CODES.paymentProviderUnavailable]: 'errors.codes.payment-provider-unavailable',
  [ERROR_CODES.unsupportedMediaType]: 'errors.codes.unsupported-media-type',
  [ERROR_CODES.internal]: 'errors.codes.internal',
  [CLIENT_ERROR_CODES.network]: 'errors.codes.network',
  [CLIENT_ERROR_CODES.invalidResponse]: 'errors.codes.invalid-response',
} as const;

function isKnownCode(code: string): code is keyof typeof CODE_KEYS {
  return Object.hasOwn(CODE_KEYS, code);
}

/**
 * A translated explanation of an error, chosen by the error code. When a bad request names
 * fields, their messages say what to fix (".xlsx, .xls or .csv file"), so they are shown after it.
 */
export function errorMessage(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('errors.generic');
  const known = isKnownCode(error.code) ? t(CODE_KEYS[error.code]) : t('errors.generic');
  const named = fieldMessages(error.fields);
  if (error.status === 400 && named) return t('errors.with-fields', { message: known, fields: named });
  return known;
}

/** The fields' own messages, once each: "file: not a real .csv file". */
function fieldMessages(fields: readonly { path: string; message: string }[]): string {
  const lines = [...new Set(fields.map((f) => (f.path ? `${f.path.split('.').at(-1)}: ${f.message}` : f.message)))];
  return lines.join('; ');
}
