// The team module's public file: brand creation and the guided start, members, invitations.
export { teamRoutes, type TeamRoutesOptions } from './team.routes.js';
