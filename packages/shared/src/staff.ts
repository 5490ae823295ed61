/**
 * Who may do what in the console. The table is the one source: the server checks a route's
 * permission against it, the console shows only what it allows, and the tests read it as their
 * fixture. A person may hold several roles; anyone holding one is `isAdmin` in the API.
 */
export const STAFF_ROLES = ['owner', 'finance', 'support', 'compliance', 'auditor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_PERMISSIONS = [
  'users.read',
  'users.manage',
  'identity.review',
  'money.read',
  'money.approve',
  'money.adjust',
  'support.read',
  'support.reply',
  'config.read',
  'config.manage',
  'audit.read',
  'staff.read',
  'staff.manage',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

export const STAFF_PERMISSION_LABELS: Record<StaffPermission, string> = {
  'users.read': 'read users',
  'users.manage': 'verify, suspend and delete users',
  'identity.review': 'review identity documents',
  'money.read': 'read deposits and withdrawals',
  'money.approve': 'approve deposits and withdrawals',
  'money.adjust': 'credit, debit and fund the reserve',
  'support.read': 'read support tickets',
  'support.reply': 'answer support tickets',
  'config.read': 'read the platform settings',
  'config.manage': 'change gateways, wallets, plans, rates and settings',
  'audit.read': 'read the audit log',
  'staff.read': 'read the staff and the approval policy',
  'staff.manage': 'change staff roles and the approval policy',
};

const READ_EVERYTHING = [
  'users.read',
  'money.read',
  'support.read',
  'config.read',
  'audit.read',
  'staff.read',
] as const satisfies readonly StaffPermission[];

export const ROLE_PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  owner: STAFF_PERMISSIONS,
  finance: ['users.read', 'money.read', 'money.approve', 'money.adjust', 'config.read'],
  support: ['users.read', 'money.read', 'support.read', 'support.reply'],
  compliance: [
    'users.read',
    'users.manage',
    'identity.review',
    'money.read',
    'support.read',
    'audit.read',
    'staff.read',
  ],
  auditor: READ_EVERYTHING,
};

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  finance: 'Finance',
  support: 'Support',
  compliance: 'Compliance',
  auditor: 'Auditor',
};

export function permissionsOf(roles: readonly StaffRole[]): Set<StaffPermission> {
  return new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role]));
}

/** The roles that grant `permission`, in the table's order. */
export function rolesHolding(permission: StaffPermission): StaffRole[] {
  return STAFF_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
}

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

/**
 * The kinds of action a quorum guards, each with the permission its approvers must hold. A
 * policy's quorum counts the people who must agree: the proposer (when staff proposes) and as many
 * distinct other eligible people as it takes; a withdrawal has no staff proposer, so all of its
 * quorum approve.
 */
export const QUORUM_KINDS = {
  credit: 'money.adjust',
  withdrawal: 'money.approve',
  destination: 'config.manage',
  staff: 'staff.manage',
  policy: 'staff.manage',
} as const satisfies Record<string, StaffPermission>;
export type QuorumKind = keyof typeof QUORUM_KINDS;

export const QUORUM_KIND_LABELS: Record<QuorumKind, string> = {
  credit: 'Credits above the approval amount',
  withdrawal: 'Withdrawals above the dual-approval amount in 24 hours',
  destination: 'Deposit addresses and wallet keys',
  staff: 'Granting, removing, suspending or deleting staff',
  policy: 'Changing this policy',
};

export const DEFAULT_QUORUM = 2;
