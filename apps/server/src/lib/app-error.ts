import { ERROR_CODES, type TErrorCode, type TErrorField } from '@rally/domain';

/** The one error type use cases throw; mapped to HTTP in one place (plugins/error-handler.ts). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: TErrorCode | string,
    message: string,
    readonly fields: TErrorField[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Resource') => new AppError(404, ERROR_CODES.notFound, `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') =>
  new AppError(403, ERROR_CODES.forbidden, message);
export const unauthenticated = () => new AppError(401, ERROR_CODES.unauthenticated, 'Sign in to continue');
export const conflict = (message: string, code: string = ERROR_CODES.conflict, fields: TErrorField[] = []) =>
  new AppError(409, code, message, fields);
export const invalid = (fields: TErrorField[], message = 'Some fields are invalid') =>
  new AppError(400, ERROR_CODES.validation, message, fields);
export const staleVersion = () =>
  new AppError(409, ERROR_CODES.staleVersion, 'This campaign was changed elsewhere; reload to see the latest version', [
    { path: 'version', message: 'stale version' },
  ]);
