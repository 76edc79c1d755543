import { ERROR_CODES, ERROR_STATUS, type TErrorCode, type TErrorField } from '@rally/domain';

/**
 * The one error type use cases throw; mapped to the response in one place (plugins/error-handler.ts).
 * Its code is one of ERROR_CODES, a closed set clients can switch on; ERROR_STATUS gives each its HTTP status.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: TErrorCode,
    message: string,
    readonly fields: TErrorField[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** An AppError answering with the status ERROR_STATUS maps its code to. */
export const appError = (
  code: TErrorCode,
  message: string,
  fields: TErrorField[] = [],
  headers: Record<string, string> = {},
) => new AppError(ERROR_STATUS[code], code, message, fields, headers);

export const notFound = (what = 'Resource') => appError(ERROR_CODES.notFound, `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => appError(ERROR_CODES.forbidden, message);
export const unauthenticated = () => appError(ERROR_CODES.unauthenticated, 'Sign in to continue');
export const conflict = (message: string, code: TErrorCode = ERROR_CODES.conflict, fields: TErrorField[] = []) =>
  new AppError(409, code, message, fields);
export const invalid = (fields: TErrorField[], message = 'Some fields are invalid') =>
  appError(ERROR_CODES.validation, message, fields);
export const staleVersion = () =>
  appError(ERROR_CODES.staleVersion, 'This campaign was changed elsewhere; reload to see the latest version', [
    { path: 'version', message: 'stale version' },
  ]);

/** The code for an error status another library chose (better-auth, the framework), kept within ERROR_CODES. */
export function codeForStatus(status: number, fallback: TErrorCode = ERROR_CODES.badRequest): TErrorCode {
  if (status === 401) return ERROR_CODES.unauthenticated;
  if (status === 403) return ERROR_CODES.forbidden;
  if (status === 404) return ERROR_CODES.notFound;
  if (status === 409) return ERROR_CODES.conflict;
  if (status === 413) return ERROR_CODES.payloadTooLarge;
  if (status === 415) return ERROR_CODES.unsupportedMediaType;
  if (status === 429) return ERROR_CODES.rateLimited;
  if (status === 422) return ERROR_CODES.validation;
  if (status >= 500) return ERROR_CODES.internal;
  return fallback;
}
