// The stores feature's public file: what other features may use.
export { StoreLogo } from './components/store-logo';
