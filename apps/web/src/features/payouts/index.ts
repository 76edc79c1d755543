// The payouts feature's public file.
export { default as PayoutsPage } from './components/payouts-page';
