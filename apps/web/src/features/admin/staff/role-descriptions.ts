import {
  QUORUM_KINDS,
  type QuorumKind,
  ROLE_PERMISSIONS,
  rolesHolding,
  STAFF_PERMISSIONS,
  STAFF_ROLE_LABELS,
  type StaffPermission,
  type StaffRole,
} from '@vestora/shared';

/** What a permission lets its holder do, as the end of "Can …" or "Sees …". */
const ACTS: Partial<Record<StaffPermission, string>> = {
  'users.manage': 'verify, suspend and delete users',
  'money.approve': 'approve deposits and withdrawals',
  'money.adjust': 'credit and debit balances',
  'support.reply': 'answer support tickets',
  'config.manage': 'change gateways, wallets, plans and settings',
  'staff.manage': 'manage staff and the approval policy',
};

const SIGHTS: Partial<Record<StaffPermission, string>> = {
  'users.read': 'users',
  'money.read': 'money',
  'support.read': 'support tickets',
  'config.read': 'settings',
  'audit.read': 'the audit log',
  'staff.read': 'staff',
};

function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * A line or two on what a role may do, read from the permission table itself, so the console never
 * promises more (or less) than the server enforces.
 */
export function describeRole(role: StaffRole): string {
  const permissions = ROLE_PERMISSIONS[role];
  if (STAFF_PERMISSIONS.every((permission) => permissions.includes(permission))) {
    return `Can do everything, including: ${ACTS['staff.manage']}.`;
  }
  const acts = permissions.flatMap((permission) => ACTS[permission] ?? []);
  const sights = permissions.flatMap((permission) => SIGHTS[permission] ?? []);
  const sees = `Sees ${joinWords(sights)}.`;
  return acts.length === 0 ? `${sees} Changes nothing.` : `Can ${acts.join('; ')}. ${sees}`;
}

/** The roles whose holders may approve a guarded kind of action, by their labels. */
export function rolesApproving(kind: QuorumKind): string[] {
  return rolesHolding(QUORUM_KINDS[kind]).map((role) => STAFF_ROLE_LABELS[role]);
}
