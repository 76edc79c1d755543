// The staff module's public file: store staff (invite, import, move, deactivate) and the head-count recount every
// writer of store_users calls for the stores it touched.
export { staffRoutes, type StaffRoutesOptions } from './staff.routes.js';
export { recountStoreUsers } from './staff.repository.js';
export { deactivateStaff } from './change-staff.js';
export { upsertStaffMember } from './upsert-staff-member.js';
