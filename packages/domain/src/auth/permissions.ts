/**
 * Roles of a brand member and what each may do: the one permission table. better-auth's organization plugin is
 * configured from it, every route checks it (requirePermission), /api/me reports from it and the web app hides what
 * a role may not do — all four read these lines.
 */
export const PERMISSION_STATEMENTS = {
  campaign: ['read', 'create', 'update', 'delete', 'launch'],
  mission: ['read', 'create', 'update', 'delete'],
  reward: ['read', 'create', 'update', 'delete'],
  store: ['read', 'update'],
  /** The wallet's balance and ledger; `pay` spends it on campaign budgets (a launch, a partner's share). */
  wallet: ['read', 'pay'],
  /** Invoices and paying them, money in by card (top-ups), and the smart review plan. */
  billing: ['read', 'manage'],
  report: ['read'],
  // Exports carry participants' names and emails and every reward code.
  export: ['create'],
  /** Members and invitations: `manage` invites, changes roles and removes. */
  team: ['read', 'manage'],
  /** The brand's settings; `security` is SSO and the two-factor requirement (owners only). */
  brand: ['read', 'update', 'security'],
  /** The retailer's partner pool: invite, remove; answer another retailer's invitation. */
  partner: ['read', 'manage'],
  /** The brand's activity log (who changed what). */
  activity: ['read'],
  /** Store staff (participants who work in the brand's stores): invite, import, move, deactivate (decision 0024). */
  staff: ['manage'],
  /** The brand's API keys for the public API (/api/v1): create, list, revoke, rotate (owners and admins). */
  'api-key': ['manage'],
  /** The brand's outbound webhook endpoints: create, change, rotate secrets, read deliveries, replay (owners and admins). */
  webhook: ['manage'],
} as const;

export type TResource = keyof typeof PERMISSION_STATEMENTS;
export type TPermission = {
  [R in TResource]: `${R}:${(typeof PERMISSION_STATEMENTS)[R][number]}`;
}[TResource];

export const MEMBER_ROLES = ['owner', 'admin', 'campaign_manager', 'analyst', 'finance'] as const;
export type TMemberRole = (typeof MEMBER_ROLES)[number];

const ALL: TPermission[] = (Object.keys(PERMISSION_STATEMENTS) as TResource[]).flatMap((r) =>
  PERMISSION_STATEMENTS[r].map((a) => `${r}:${a}` as TPermission),
);

/** Every member reads the brand's campaigns, rewards, stores and reports; what differs is what each may change. */
const READ: TPermission[] = ['campaign:read', 'mission:read', 'reward:read', 'store:read', 'report:read', 'brand:read', 'team:read', 'partner:read'];

export const ROLE_PERMISSIONS: Record<TMemberRole, readonly TPermission[]> = {
  owner: ALL,
  // Everything but the brand's sign-in security; only an owner makes or removes an owner (team use cases).
  admin: ALL.filter((p) => p !== 'brand:security'),
  // Builds and launches, paying a launch's budgets from the wallet; cannot put money in, pay invoices or export.
  campaign_manager: [
    ...READ,
    'campaign:create',
    'campaign:update',
    'campaign:delete',
    'campaign:launch',
    'mission:create',
    'mission:update',
    'mission:delete',
    'reward:create',
    'reward:update',
    'reward:delete',
    'store:update',
    'staff:manage',
    'wallet:read',
    'wallet:pay',
  ],
  // Reads everything and exports it.
  analyst: [...READ, 'wallet:read', 'billing:read', 'export:create', 'activity:read'],
  // Billing, invoices and the wallet.
  finance: [...READ, 'wallet:read', 'wallet:pay', 'billing:read', 'billing:manage', 'activity:read'],
};

export const isMemberRole = (role: string): role is TMemberRole => (MEMBER_ROLES as readonly string[]).includes(role);

export function permissionsForRole(role: string): TPermission[] {
  const roles = role.split(',').map((r) => r.trim());
  const set = new Set<TPermission>();
  for (const r of roles) if (isMemberRole(r)) for (const p of ROLE_PERMISSIONS[r]) set.add(p);
  return [...set].sort();
}

export function hasPermission(role: string, permission: TPermission): boolean {
  return permissionsForRole(role).includes(permission);
}
