// The sales feature's public file: the Sales screen (issue 31, decision 0030).
export { SalesPage } from './components/sales-page';
