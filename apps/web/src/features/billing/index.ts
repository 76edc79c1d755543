// The billing feature's public file.
export { default as BillingPage } from './components/billing-page';
