import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ERROR_CODES, type TPaymentResult } from '@rally/domain';
import { isApiError } from '../../lib/api-client';
import { PaymentFormModal } from './payment-form-modal';

interface Pending {
  dueCents: number;
  reason: string | undefined;
  retry: () => void;
  cancel: () => void;
}

/** Whether an error is a wallet that does not cover a payment (402 with the missing amount). */
export function isPaymentRequired(error: unknown): error is { dueCents: number } & Error {
  return (
    isApiError(error) && error.status === 402 && error.code === ERROR_CODES.paymentRequired && (error.dueCents ?? 0) > 0
  );
}

/**
 * "Try the call; when the wallet is short, open the payment form with the difference prefilled; after a
 * successful top-up, try the call again" (spec §4). Render `modal` once; `run(call)` resolves with the call's
 * result, or rejects with the original 402 when the user closes the form without paying (and with any other
 * error as it came).
 */
export function usePaymentRetry(options: {
  currency: string;
  reason?: (dueCents: number) => string;
  onTopUp?: (result: TPaymentResult) => void;
}) {
  const [pending, setPending] = useState<Pending | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const run = useCallback(<T,>(call: () => Promise<T>): Promise<T> => {
    const attempt = async (): Promise<T> => {
      try {
        return await call();
      } catch (error) {
        if (!isPaymentRequired(error)) throw error;
        return new Promise<T>((resolve, reject) => {
          setPending({
            dueCents: error.dueCents,
            reason: optionsRef.current.reason?.(error.dueCents),
            retry: () => {
              setPending(null);
              attempt().then(resolve, reject);
            },
            cancel: () => {
              setPending(null);
              reject(error);
            },
          });
        });
      }
    };
    return attempt();
  }, []);

  const modal: ReactNode = (
    <PaymentFormModal
      opened={pending !== null}
      amountDueCents={pending?.dueCents ?? 0}
      currency={options.currency}
      {...(pending?.reason ? { reason: pending.reason } : {})}
      onPaid={(result) => {
        optionsRef.current.onTopUp?.(result);
        pending?.retry();
      }}
      onClose={() => pending?.cancel()}
    />
  );
  return { run, modal, paying: pending !== null };
}
