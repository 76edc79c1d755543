import type { TFunction } from 'i18next';
import { ERROR_CODES } from '@rally/domain';
import { CLIENT_ERROR_CODES, isApiError } from './api-client';

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
  [ERROR_CODES.unsupportedMediaType]: 'errors.codes.unsupported-media-type',
  [ERROR_CODES.internal]: 'errors.codes.internal',
  [CLIENT_ERROR_CODES.network]: 'errors.codes.network',
  [CLIENT_ERROR_CODES.invalidResponse]: 'errors.codes.invalid-response',
} as const;

function isKnownCode(code: string): code is keyof typeof CODE_KEYS {
  return Object.hasOwn(CODE_KEYS, code);
}

/**
 * A translated explanation of an error. Server messages are English developer text,
 * so the user sees a message chosen by the error code instead.
 */
export function errorMessage(t: TFunction, error: unknown): string {
  if (isApiError(error) && isKnownCode(error.code)) return t(CODE_KEYS[error.code]);
  return t('errors.generic');
}
