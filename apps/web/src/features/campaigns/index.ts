// The campaigns feature's public file: what other features may use.
export { CampaignStatusBadge, CampaignTypeBadge } from './components/campaign-badges';
