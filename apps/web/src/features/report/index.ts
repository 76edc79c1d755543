// The report feature's public file: what other features may use.
export { campaignReportQueryOptions } from './api/report-api';
