import { ERROR_CODES, type TErrorCode, type TErrorField } from '@rally/domain';
import { AppError } from '../../lib/app-error.js';

/**
 * A 402 that says how much is missing. The error handler copies `dueCents` into the error body, and the
 * web's payment form opens prefilled with it (spec §4: "otherwise a payment form opens").
 */
export class PaymentDueError extends AppError {
  constructor(
    readonly dueCents: number,
    message: string,
    fields: TErrorField[] = [],
    code: TErrorCode = ERROR_CODES.paymentRequired,
  ) {
    super(402, code, message, fields);
  }
}
