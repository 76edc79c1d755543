import { MEMBER_ROLES, PERMISSION_STATEMENTS, ROLE_PERMISSIONS, type TResource } from '@rally/domain';

/** README's "Roles" table, written from the domain's permission table (hardening/roles-readme.test.ts compares). */
const ROLE_NAMES: Record<(typeof MEMBER_ROLES)[number], string> = {
  owner: 'owner',
  admin: 'admin',
  campaign_manager: 'campaign manager',
  analyst: 'analyst',
  finance: 'finance',
};

/** One row per resource, one column per role: the actions the role may take on it (— for none). */
export function rolesTable(): string {
  const header = `| | ${MEMBER_ROLES.map((r) => ROLE_NAMES[r]).join(' | ')} |`;
  const rule = `| --- | ${MEMBER_ROLES.map(() => '---').join(' | ')} |`;
  const rows = (Object.keys(PERMISSION_STATEMENTS) as TResource[]).map((resource) => {
    const cells = MEMBER_ROLES.map((role) => {
      const actions = PERMISSION_STATEMENTS[resource].filter((a) => ROLE_PERMISSIONS[role].includes(`${resource}:${a}` as never));
      return actions.join(', ') || '—';
    });
    return `| **${resource}** | ${cells.join(' | ')} |`;
  });
  return [header, rule, ...rows].join('\n');
}

// `npx tsx apps/server/src/hardening/roles-table.ts` prints it.
if (import.meta.url === `file://${process.argv[1]}`) console.log(rolesTable());
