// The partners feature's public file: what other features may use.
export { PartnersPage } from './components/partners-page';
export { partnerPoolKeys } from './api/partners-api';
