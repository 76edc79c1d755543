import { lazy, Suspense, useCallback, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ERROR_CODES,
  MAX_TOP_UP_CENTS,
  MIN_TOP_UP_CENTS,
  ZCardInput,
  type TCardInput,
  type TPaymentResult,
} from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { formatMoney } from '../../lib/format';
import { fetchPayment, paymentKeys, startPayment, useBillingSummary, type TPaymentTarget } from './payment-api';
import { emptySandboxCard, parseExpiry, SandboxCardFields, type SandboxCard } from './sandbox-card-fields';
import type { StripeConfirm } from './stripe-card-fields';

const StripeCardFields = lazy(() => import('./stripe-card-fields'));

export interface PaymentFormModalProps {
  opened: boolean;
  /** What is missing, in integer cents: prefilled, and the least a top-up may be. */
  amountDueCents: number;
  /** ISO 4217 code of the brand's wallet. */
  currency: string;
  /** Top up the wallet (default) or pay a closed invoice (the amount is the invoice's, fixed). */
  target?: TPaymentTarget;
  /** Why the form opened, shown above the amount (e.g. "The wallet is 25.00 short of the budget"). */
  reason?: string;
  onPaid: (result: TPaymentResult) => void;
  onClose: () => void;
}

const toCents = (value: number | string) => Math.round(Number(value) * 100);

/** A sandbox card read from the form, or Stripe Elements' confirmation. */
type TPayment =
  | { amount: number; card: TCardInput; idempotencyKey: string }
  | { amount: number; confirm: StripeConfirm; idempotencyKey: string };

/** The payment form's write: the modal may not close while it runs. */
const PAY_MUTATION_KEY = ['payment-form', 'pay'] as const;

/** Waits for the webhook to credit a Stripe payment (the browser's confirmation is not proof of payment). */
async function waitForCredit(paymentId: string, timeoutMs = 60_000): Promise<TPaymentResult> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const payment = await fetchPayment(paymentId);
    if (payment.status !== 'pending' || Date.now() > until) return payment;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * The payment form (spec §4): opens when the wallet does not cover a payment, with the difference prefilled.
 * Sandbox provider: an embedded card form in TEST MODE that credits at once. Stripe: Stripe Elements; the
 * wallet is credited by Stripe's signed webhook, which the form waits for before calling onPaid.
 */
export function PaymentFormModal(props: PaymentFormModalProps) {
  const { t } = useTranslation();
  const { opened, target = { kind: 'topup' }, onClose } = props;
  const busy = useIsMutating({ mutationKey: PAY_MUTATION_KEY }) > 0;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('payment.cancel') }}
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={t(target.kind === 'topup' ? 'payment.title-topup' : 'payment.title-invoice')}
      centered
    >
      {/* Mounted per opening, so every opening starts from the amount due and an empty card. */}
      {opened && <PaymentFormBody {...props} target={target} />}
    </Modal>
  );
}

function PaymentFormBody({
  opened,
  amountDueCents,
  currency,
  target,
  reason,
  onPaid,
  onClose,
}: PaymentFormModalProps & { target: TPaymentTarget }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const summary = useBillingSummary(opened);
  const minimum = target.kind === 'topup' ? Math.max(amountDueCents, MIN_TOP_UP_CENTS) : amountDueCents;
  const [amount, setAmount] = useState<number | string>(minimum / 100);
  const [card, setCard] = useState<SandboxCard>(emptySandboxCard);
  const [cardErrors, setCardErrors] = useState<Partial<Record<keyof SandboxCard, string>>>({});
  const [amountError, setAmountError] = useState<string | null>(null);
  const [stripeConfirm, setStripeConfirm] = useState<StripeConfirm | null>(null);
  const registerStripe = useCallback((confirm: StripeConfirm | null) => setStripeConfirm(() => confirm), []);

  const money = (cents: number) => formatMoney(cents, i18n.language, currency);
  const provider = summary.data?.provider;
  const cents = toCents(amount);

  function amountProblem(): string | null {
    if (!Number.isFinite(cents) || cents < minimum) return t('payment.amount-min', { amount: money(minimum) });
    if (cents > MAX_TOP_UP_CENTS) return t('payment.amount-max', { amount: money(MAX_TOP_UP_CENTS) });
    return null;
  }

  function readSandboxCard() {
    const expiry = parseExpiry(card.expiry);
    const parsed = ZCardInput.safeParse({
      number: card.number,
      cvc: card.cvc,
      expMonth: expiry?.expMonth ?? 0,
      expYear: expiry?.expYear ?? 0,
    });
    const errors: Partial<Record<keyof SandboxCard, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'number') errors.number = t('payment.card-number-invalid');
        if (key === 'cvc') errors.cvc = t('payment.card-cvc-invalid');
        if (key === 'expMonth' || key === 'expYear') errors.expiry = t('payment.card-expiry-invalid');
      }
    }
    if (!expiry) errors.expiry = t('payment.card-expiry-invalid');
    setCardErrors(errors);
    return parsed.success && expiry ? parsed.data : null;
  }

  // Resolves with the payment as it ended (succeeded, or failed with the provider's reason).
  const pay = useMutation({
    mutationKey: PAY_MUTATION_KEY,
    mutationFn: async (payment: TPayment): Promise<TPaymentResult> => {
      let result: TPaymentResult;
      if ('card' in payment) {
        result = await startPayment(target, payment.amount, payment.card, payment.idempotencyKey);
        // The invoice's payment was already under way (another tab, a second click): wait for it to settle.
        if (result.status === 'pending') result = await waitForCredit(result.paymentId);
      } else {
        let paymentId = '';
        await payment.confirm(async () => {
          const started = await startPayment(target, payment.amount, undefined, payment.idempotencyKey);
          paymentId = started.paymentId;
          if (!started.clientSecret) throw new Error(t('payment.not-confirmed'));
          return { clientSecret: started.clientSecret };
        });
        result = await waitForCredit(paymentId);
      }
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['me'] });
      return result;
    },
    onSuccess: (result) => {
      if (result.status === 'succeeded') onPaid(result);
    },
  });
  const busy = pay.isPending;

  function failureText(): string | null {
    const error = pay.error;
    if (error) {
      if (isApiError(error) && error.code === ERROR_CODES.paymentDeclined) return error.message;
      if (error instanceof Error && !isApiError(error)) return error.message;
      return errorMessage(t, error);
    }
    if (pay.data && pay.data.status !== 'succeeded') return pay.data.failureMessage ?? t('payment.not-confirmed');
    return null;
  }
  const failure = failureText();

  function submit() {
    if (busy || !provider) return;
    const problem = target.kind === 'topup' ? amountProblem() : null;
    setAmountError(problem);
    pay.reset();
    if (problem) return;
    const amount = target.kind === 'topup' ? cents : amountDueCents;
    // One key per attempt: the server starts one payment for it however often the request arrives.
    const idempotencyKey = crypto.randomUUID();
    if (provider === 'sandbox') {
      const card = readSandboxCard();
      if (card) pay.mutate({ amount, card, idempotencyKey });
    } else if (stripeConfirm) {
      pay.mutate({ amount, confirm: stripeConfirm, idempotencyKey });
    }
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
      data-testid="payment-form"
    >
      <Stack gap="sm">
        {reason && <Text size="sm">{reason}</Text>}
        {target.kind === 'topup' ? (
          <NumberInput
            label={t('payment.amount', { currency })}
            description={amountDueCents > 0 ? t('payment.amount-due', { amount: money(amountDueCents) }) : undefined}
            value={amount}
            onChange={setAmount}
            min={minimum / 100}
            max={MAX_TOP_UP_CENTS / 100}
            decimalScale={2}
            fixedDecimalScale
            thousandSeparator
            error={amountError}
            disabled={busy}
            data-testid="payment-amount"
          />
        ) : (
          <Text fw={700}>{t('payment.invoice-amount', { amount: money(amountDueCents) })}</Text>
        )}
        {summary.isPending && <Loader size="sm" aria-label={t('payment.loading')} />}
        {summary.isError && <Alert color="red">{errorMessage(t, summary.error)}</Alert>}
        {provider === 'sandbox' && (
          <SandboxCardFields value={card} errors={cardErrors} onChange={setCard} disabled={busy} />
        )}
        {provider === 'stripe' && summary.data?.publishableKey && (
          <Suspense fallback={<Loader size="sm" />}>
            <StripeCardFields
              publishableKey={summary.data.publishableKey}
              amountCents={target.kind === 'topup' ? Math.max(cents || 0, minimum) : amountDueCents}
              currency={currency}
              onReady={registerStripe}
            />
          </Suspense>
        )}
        {failure && (
          <Alert color="red" role="alert" title={t('payment.failed-title')} data-testid="payment-failure">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('payment.cancel')}
          </Button>
          <Button
            type="submit"
            loading={busy}
            disabled={!provider || (provider === 'stripe' && !stripeConfirm)}
            data-testid="payment-submit"
          >
            {t('payment.pay', {
              amount: money(target.kind === 'topup' ? (Number.isFinite(cents) ? cents : 0) : amountDueCents),
            })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
