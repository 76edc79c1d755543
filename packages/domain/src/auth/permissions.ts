/**
 * Roles of a brand member and what each may do. better-auth's organization plugin
 * is configured from this table, and /api/me reports from it, so both agree.
 */
export const PERMISSION_STATEMENTS = {
  campaign: ['create', 'update', 'delete', 'launch'],
  mission: ['create', 'update', 'delete'],
  reward: ['create', 'update', 'delete'],
  store: ['read', 'update'],
  wallet: ['read', 'pay'],
  // Exports carry participants' names and emails and every reward code: owners and admins only (rule R90).
  export: ['create'],
} as const;

export type TResource = keyof typeof PERMISSION_STATEMENTS;
export type TPermission = {
  [R in TResource]: `${R}:${(typeof PERMISSION_STATEMENTS)[R][number]}`;
}[TResource];

export const MEMBER_ROLES = ['owner', 'admin', 'member'] as const;
export type TMemberRole = (typeof MEMBER_ROLES)[number];

const ALL: TPermission[] = (Object.keys(PERMISSION_STATEMENTS) as TResource[]).flatMap((r) =>
  PERMISSION_STATEMENTS[r].map((a) => `${r}:${a}` as TPermission),
);

export const ROLE_PERMISSIONS: Record<TMemberRole, readonly TPermission[]> = {
  owner: ALL,
  admin: ALL,
  // Members build campaigns but cannot launch them, spend the wallet or export data.
  member: ALL.filter((p) => p !== 'campaign:launch' && p !== 'wallet:pay' && p !== 'export:create'),
};

export function permissionsForRole(role: string): TPermission[] {
  const roles = role.split(',').map((r) => r.trim()) as TMemberRole[];
  const set = new Set<TPermission>();
  for (const r of roles) for (const p of ROLE_PERMISSIONS[r] ?? []) set.add(p);
  return [...set].sort();
}

export function hasPermission(role: string, permission: TPermission): boolean {
  return permissionsForRole(role).includes(permission);
}
