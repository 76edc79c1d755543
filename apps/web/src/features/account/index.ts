// The account feature's public file: what other features may use.
export { AccountPage } from './components/account-page';
