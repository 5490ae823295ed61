import {
  API_KEY_MESSAGES,
  approvalsRemainingMessage,
  approverLacksRoleMessage,
  approverTooNewMessage,
  DEFAULT_QUORUM,
  type Governance,
  MESSAGES,
  permissionsOf,
  QUORUM_KINDS,
  type QuorumKind,
  rolesHolding,
  STAFF_ROLE_LABELS,
  type StaffPermission,
} from '@vestora/shared';
import type { AppConfig } from '../../config/env.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Actor } from '../sessions/actor.ts';
import { findReauthenticatedAt, listPolicyRows } from './quorum.repo.ts';
import { listRolesOf, listStaffHolding } from './staff.repo.ts';

/**
 * The quorum rules (issue 26): how many people must agree to each kind of guarded action, who may
 * approve it, and when a staff member may approve at all. Every guarded action, whichever module
 * it lives in, plans and checks its approvals here.
 */

export type QuorumPolicy = Record<QuorumKind, number>;

export async function readPolicy(db: Executor): Promise<QuorumPolicy> {
  const rows = await listPolicyRows(db);
  const policy = Object.fromEntries(
    Object.keys(QUORUM_KINDS).map((kind) => [kind, DEFAULT_QUORUM]),
  ) as QuorumPolicy;
  for (const row of rows) if (row.kind in QUORUM_KINDS) policy[row.kind as QuorumKind] = row.quorum;
  return policy;
}

/** Who may approve an action and how many of them must, fixed when it is proposed. */
export interface ApprovalPlan {
  requiredApprovals: number;
  eligibleApproverIds: string[];
}

/**
 * The approvals an action needs beyond its proposer (staff, or null when a depositor asked, as for
 * a withdrawal): the policy's quorum less the proposer, but never more than the eligible people
 * there are, so a platform with one staff member still works, as a single approver. A depositor's
 * withdrawal always needs one approval.
 */
export async function planApprovals(
  db: Executor,
  kind: QuorumKind,
  proposerId: string | null,
): Promise<ApprovalPlan> {
  const [policy, holders] = await Promise.all([readPolicy(db), listStaffHolding(db, QUORUM_KINDS[kind])]);
  const eligibleApproverIds = holders.map((holder) => holder.userId).filter((id) => id !== proposerId);
  const wanted = proposerId ? policy[kind] - 1 : policy[kind];
  const requiredApprovals = Math.min(wanted, eligibleApproverIds.length);
  return {
    requiredApprovals: proposerId ? requiredApprovals : Math.max(1, requiredApprovals),
    eligibleApproverIds,
  };
}

/** "finance or owner": who may approve a kind, as a refusal names them. */
function approverRolesOf(kind: QuorumKind): string {
  return rolesHolding(QUORUM_KINDS[kind])
    .map((role) => STAFF_ROLE_LABELS[role].toLowerCase())
    .join(' or ');
}

/** "Needs 1 more approval from finance or owner." */
export function remainingApprovalsSentence(kind: QuorumKind, remaining: number): string {
  return approvalsRemainingMessage(remaining, approverRolesOf(kind));
}

/** How many staff must approve a large withdrawal today, and how many could: the public governance line. */
export async function moneyGovernance(db: Executor): Promise<Governance> {
  const [policy, holders] = await Promise.all([
    readPolicy(db),
    listStaffHolding(db, QUORUM_KINDS.withdrawal),
  ]);
  return { approvers: Math.max(1, Math.min(policy.withdrawal, holders.length)), eligible: holders.length };
}

/**
 * Whether `actor` may approve an action of `kind` proposed at `proposedAt`: they hold the kind's
 * permission now, held it before the proposal, hold it for longer than the delay on new staff, and
 * (when the action fixed its eligible people) were among them. Grants, proposals and withdrawals
 * are all stamped with wall time (a withdrawal by the database), so wall time compares them.
 */
export async function assertMayApprove(
  db: Executor,
  { config }: { config: Pick<AppConfig, 'staffApproval'> },
  actor: Actor,
  {
    kind,
    proposedAt,
    eligibleApproverIds,
  }: { kind: QuorumKind; proposedAt: Date; eligibleApproverIds?: readonly string[] },
): Promise<void> {
  // A key can propose, never approve: an approval is a person's judgement (issue 32).
  if (actor.apiKey) throw new AppError('FORBIDDEN', API_KEY_MESSAGES.cannotApprove);
  const now = new Date();
  const holder = (
    await listStaffHolding(db, QUORUM_KINDS[kind], { delayMs: config.staffApproval.delayMs })
  ).find((staff) => staff.userId === actor.user.id);
  if (!holder) throw new AppError('FORBIDDEN', approverLacksRoleMessage(approverRolesOf(kind)));
  if (holder.heldSince > proposedAt) throw new AppError('FORBIDDEN', MESSAGES.approverGrantedAfterProposal);
  if (holder.canApproveFrom > now)
    throw new AppError('FORBIDDEN', approverTooNewMessage(holder.canApproveFrom));
  if (eligibleApproverIds && !eligibleApproverIds.includes(actor.user.id)) {
    throw new AppError('FORBIDDEN', MESSAGES.approverNotEligible);
  }
}

/**
 * Sudo mode: a staff act that moves money or power needs the person's password (and second factor)
 * confirmed on this session within the last few minutes, so a stolen session alone does nothing.
 * Signing in counts as a confirmation. Wall time, as the session's own times are.
 */
export async function assertRecentlyReauthenticated(
  db: Executor,
  config: Pick<AppConfig, 'staffApproval'>,
  actor: Actor,
): Promise<void> {
  assertActingInPerson(actor);
  const at = await findReauthenticatedAt(db, actor.sessionId);
  if (!at || Date.now() - at.getTime() > config.staffApproval.reauthMs) {
    throw new AppError('FORBIDDEN', MESSAGES.staffReauthNeeded, { reauthRequired: true });
  }
}

/** The permissions `userId` holds through their roles (none for a non-staff account). */
export async function permissionsHeldBy(db: Executor, userId: string): Promise<Set<StaffPermission>> {
  return permissionsOf((await listRolesOf(db, userId)).map((grant) => grant.role));
}

/**
 * What the actor may do now: their roles' permissions, and with an API key only those the key was
 * given too, so an owner who loses a permission loses it for their keys on the next request.
 */
export async function permissionsOfActor(db: Executor, actor: Actor): Promise<Set<StaffPermission>> {
  const held = await permissionsHeldBy(db, actor.user.id);
  if (!actor.apiKey) return held;
  return new Set(actor.apiKey.permissions.filter((permission) => held.has(permission)));
}

/** Acts that need a person's fresh confirmation (sudo mode, re-authenticating) refuse an API key. */
export function assertActingInPerson(actor: Actor): void {
  if (actor.apiKey) throw new AppError('FORBIDDEN', API_KEY_MESSAGES.needsPerson);
}

/** Reads and writes of staff roles that other modules call: the repository stays private to it. */
export { listStaffHolding, replaceRoles } from './staff.repo.ts';
