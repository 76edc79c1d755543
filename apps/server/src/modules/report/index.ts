// The report module's public file: what other modules may use (the public API reads a campaign's report).
export { getCampaignReport } from './get-campaign-report.js';
