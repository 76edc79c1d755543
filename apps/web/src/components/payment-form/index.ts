// The shared payment form (spec §4): top-ups and invoice payments through the server's payment provider.
export { PaymentFormModal, type PaymentFormModalProps } from './payment-form-modal';
export { usePaymentRetry, isPaymentRequired } from './use-payment-retry';
export { useBillingSummary, paymentKeys, type TPaymentTarget } from './payment-api';
