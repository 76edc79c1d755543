import { useEffect, useMemo } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';

/** Confirms a payment the server created (it returns the PaymentIntent's client secret); throws the card's message. */
export type StripeConfirm = (createIntent: () => Promise<{ clientSecret: string }>) => Promise<void>;

interface StripeCardFieldsProps {
  publishableKey: string;
  amountCents: number;
  currency: string;
  /** Receives the confirm function once Stripe.js and the Payment Element are ready. */
  onReady: (confirm: StripeConfirm | null) => void;
}

const stripes = new Map<string, ReturnType<typeof loadStripe>>();
const stripeFor = (key: string) => {
  let promise = stripes.get(key);
  if (!promise) {
    promise = loadStripe(key);
    stripes.set(key, promise);
  }
  return promise;
};

/**
 * Stripe Elements (loaded only when the server's provider is Stripe): the card never touches our server. The
 * intent is created on submit (deferred intent), and the wallet is credited by Stripe's signed webhook.
 */
export default function StripeCardFields({ publishableKey, amountCents, currency, onReady }: StripeCardFieldsProps) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <Elements
      stripe={stripe}
      options={{ mode: 'payment', amount: Math.max(amountCents, 50), currency: currency.toLowerCase() }}
    >
      <Inner onReady={onReady} />
    </Elements>
  );
}

function Inner({ onReady }: { onReady: StripeCardFieldsProps['onReady'] }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) {
      onReady(null);
      return;
    }
    onReady(async (createIntent) => {
      const submitted = await elements.submit();
      if (submitted.error) throw new Error(submitted.error.message ?? 'card details incomplete');
      const { clientSecret } = await createIntent();
      const result = await stripe.confirmPayment({
        elements,
        clientSecret,
        redirect: 'if_required',
        confirmParams: { return_url: window.location.href },
      });
      if (result.error) throw new Error(result.error.message ?? 'payment failed');
    });
  }, [stripe, elements, onReady]);
  return <PaymentElement />;
}
