// The activity feature: the brand's activity log page (filters, table, CSV export).
export { ActivityFilters } from './components/activity-filters';
