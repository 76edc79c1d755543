import type { TErrorField } from '@rally/domain';

// Apart from api-client.ts (which validates with zod) so the app shell can recognise errors without loading zod.

/** Codes the client itself produces when there is no usable server error body. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  invalidResponse: 'INVALID_RESPONSE',
  http: 'HTTP_ERROR',
} as const;

/** Every failed API call surfaces as this, whatever went wrong on the way. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: TErrorField[];
  /** A 402 PAYMENT_REQUIRED says how much the wallet is short (integer cents); the payment form prefills it. */
  readonly dueCents: number | undefined;

  constructor(init: { status: number; code: string; message: string; fields?: TErrorField[]; dueCents?: number | undefined; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? [];
    this.dueCents = init.dueCents;
  }

  get isUnauthenticated(): boolean {
    return this.status === 401;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
