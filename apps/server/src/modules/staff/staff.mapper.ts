import { staffRoleOf, type TStaffMember } from '@rally/domain';
import type { StaffMemberRow } from './staff.repository.js';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export function toStaffMember(row: StaffMemberRow): TStaffMember {
  return {
    id: row.id,
    storeId: row.storeId,
    name: row.name,
    email: row.email,
    role: staffRoleOf(row.role),
    status: row.status,
    locale: row.locale ?? null,
    invitedAt: row.invitedAt ? seconds(row.invitedAt) : null,
    createdAt: seconds(row.createdAt),
  };
}
