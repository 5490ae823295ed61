import {
  MESSAGES,
  QUORUM_KINDS,
  type QuorumKind,
  type QuorumRule,
  type SetAdministratorRoleRequestSchema,
  type SetQuorumRequestSchema,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type StaffMember,
  type StaffRole,
} from '@vestora/shared';
import { z } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { runInTransaction, type Transaction } from '../../lib/transaction.ts';
import { type AdminChangeHandler, proposeAdminChange } from '../admin-changes/admin-changes.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { confirmIdentity, type IdentityProof } from '../auth/reauthentication.service.ts';
import { queueUserMail } from '../mail/mail.service.ts';
import type { Actor } from '../sessions/actor.ts';
import { loadUserRecord, lockActiveUserOrFail } from '../users/users.service.ts';
import { markReauthenticated, upsertPolicy } from './quorum.repo.ts';
import { assertActingInPerson, readPolicy } from './quorum.service.ts';
import { listRolesOf, listStaffHolding, listStaffMembers, lockOwners, replaceRoles } from './staff.repo.ts';

export interface StaffDeps {
  db: Database;
  config: AppConfig;
  clock: Clock;
}

export async function getStaff(
  deps: StaffDeps,
): Promise<{ data: StaffMember[]; policy: QuorumRule[]; approvalDelayHours: number }> {
  const [members, policy] = await Promise.all([listStaffMembers(deps.db), getPolicyRules(deps.db)]);
  const data = members.map((member) => ({
    ...member,
    roles: member.roles.map(({ role, grantedAt, grantedBy }) => ({
      role,
      grantedAt: grantedAt.toISOString(),
      // The same rule as listStaffHolding's: the platform's own grants are not delayed.
      canApproveFrom: new Date(
        grantedAt.getTime() + (grantedBy ? deps.config.staffApproval.delayMs : 0),
      ).toISOString(),
    })),
  }));
  return { data, policy, approvalDelayHours: deps.config.staffApproval.delayMs / 3_600_000 };
}

export async function rolesHeldBy(db: Executor, userId: string): Promise<StaffRole[]> {
  return (await listRolesOf(db, userId)).map((grant) => grant.role);
}

/** Each guarded kind's quorum, with how many people could approve it today. */
export async function getPolicyRules(db: Executor): Promise<QuorumRule[]> {
  const policy = await readPolicy(db);
  return Promise.all(
    (Object.keys(QUORUM_KINDS) as QuorumKind[]).map(async (kind) => ({
      kind,
      quorum: policy[kind],
      eligible: (await listStaffHolding(db, QUORUM_KINDS[kind])).length,
    })),
  );
}

const StaffRolesChangeSchema = z.object({ userId: z.string(), roles: z.array(z.enum(STAFF_ROLES)) });
type StaffRolesChange = z.infer<typeof StaffRolesChangeSchema>;

/**
 * Sets a person's staff roles. Only a verified account becomes staff, and the last owner keeps the
 * role. With more than one owner the change waits for the others' quorum, so no one can grant
 * themselves an accomplice, or remove an approver, alone.
 */
export async function setStaffRoles(
  deps: StaffDeps,
  actor: Actor,
  userId: string,
  roles: readonly StaffRole[],
): Promise<{ isPending: boolean }> {
  const change: StaffRolesChange = { userId, roles: [...new Set(roles)] };
  return runInTransaction(deps.db, async (tx) => {
    await assertRolesChangeAllowed(tx, change);
    const held = (await listRolesOf(tx, userId)).map((grant) => grant.role);
    const isSame = held.length === change.roles.length && held.every((role) => change.roles.includes(role));
    if (isSame) return { isPending: false };
    const proposed = await proposeAdminChange(tx, actor, {
      kind: 'staff.roles',
      subject: userId,
      payload: change,
    });
    if (!proposed) await applyStaffRoles(tx, { approver: actor, requestedBy: actor.user.id }, change);
    return { isPending: !!proposed };
  });
}

async function assertRolesChangeAllowed(tx: Executor, { userId, roles }: StaffRolesChange): Promise<void> {
  const owners = await lockOwners(tx);
  const target = await lockActiveUserOrFail(tx, userId, 'update');
  if (roles.length > 0 && !target.isVerified) {
    throw new AppError('CONFLICT', MESSAGES.administratorRoleNeedsVerified);
  }
  const isRemovingLastOwner = !roles.includes('owner') && owners.length === 1 && owners[0] === userId;
  if (isRemovingLastOwner) throw new AppError('CONFLICT', MESSAGES.lastOwner);
}

async function applyStaffRoles(
  tx: Transaction,
  { approver, requestedBy }: { approver: Actor; requestedBy: string },
  change: StaffRolesChange,
): Promise<void> {
  await assertRolesChangeAllowed(tx, change);
  const before = (await listRolesOf(tx, change.userId)).map((grant) => grant.role);
  // Wall time, which the delay on new staff and proposals are measured in (quorum.service.ts).
  await replaceRoles(tx, {
    userId: change.userId,
    roles: change.roles,
    grantedBy: requestedBy,
    now: new Date(),
  });
  const { user } = await loadUserRecord(tx, change.userId);
  await recordAudit(tx, approver, {
    action: 'staff.roles',
    targetType: 'user',
    targetId: change.userId,
    before: { userName: user.userName, roles: before },
    after: { userName: user.userName, roles: change.roles, proposedBy: requestedBy },
  });
  const described =
    change.roles.length > 0 ? change.roles.map((role) => STAFF_ROLE_LABELS[role]).join(', ') : 'none';
  await queueUserMail(tx, {
    userId: change.userId,
    kind: 'administrator_role',
    subject: 'Your staff roles changed',
    paragraphs: [
      `Your staff roles are now: ${described}. The change was approved by ${approver.user.fullName}.`,
      'If you did not expect this, tell our support.',
    ],
  });
}

export const staffRolesChangeHandler: AdminChangeHandler = {
  async describe(payload, { db }) {
    const change = StaffRolesChangeSchema.parse(payload);
    const { user } = await loadUserRecord(db, change.userId);
    const current = (await listRolesOf(db, change.userId)).map((grant) => STAFF_ROLE_LABELS[grant.role]);
    return {
      staffMember: `${user.fullName} <${user.email}>`,
      currentRoles: current.join(', ') || 'none',
      newRoles: change.roles.map((role) => STAFF_ROLE_LABELS[role]).join(', ') || 'none',
    };
  },
  apply: (tx, context, payload) => applyStaffRoles(tx, context, StaffRolesChangeSchema.parse(payload)),
};

type QuorumChange = z.output<typeof SetQuorumRequestSchema>;
const QuorumChangeSchema = z.object({
  kind: z.enum(Object.keys(QUORUM_KINDS) as [QuorumKind]),
  quorum: z.number().int(),
});

/** Changes one kind's quorum; the change itself waits for the current policy quorum. */
export async function setQuorum(
  deps: StaffDeps,
  actor: Actor,
  change: QuorumChange,
): Promise<{ isPending: boolean }> {
  return runInTransaction(deps.db, async (tx) => {
    await assertQuorumReachable(tx, change);
    const proposed = await proposeAdminChange(tx, actor, {
      kind: 'policy.quorum',
      subject: change.kind,
      payload: change,
    });
    if (!proposed) await applyQuorum(tx, actor, deps.clock.now(), change);
    return { isPending: !!proposed };
  });
}

async function assertQuorumReachable(tx: Executor, { kind, quorum }: QuorumChange): Promise<void> {
  const eligible = (await listStaffHolding(tx, QUORUM_KINDS[kind])).length;
  if (quorum > Math.max(1, eligible)) throw new AppError('CONFLICT', MESSAGES.quorumTooLarge);
}

async function applyQuorum(tx: Executor, actor: Actor, now: Date, change: QuorumChange): Promise<void> {
  const before = (await readPolicy(tx))[change.kind];
  await upsertPolicy(tx, { ...change, now });
  await recordAudit(tx, actor, {
    action: 'policy.quorum',
    targetType: 'approval_policy',
    targetId: change.kind,
    before: { quorum: before },
    after: { quorum: change.quorum },
  });
}

export const quorumChangeHandler: AdminChangeHandler = {
  async describe(payload) {
    const change = QuorumChangeSchema.parse(payload);
    return { action: change.kind, quorum: `${change.quorum} people must agree` };
  },
  apply: (tx, { approver, now }, payload) =>
    applyQuorum(tx, approver, now, QuorumChangeSchema.parse(payload)),
};

/**
 * The specification-era switch: administrator means owner. It is a staff-role change like any
 * other, on the acting person's password; revoking it removes every role.
 */
export async function setAdministratorRole(
  deps: StaffDeps,
  actor: Actor,
  userId: string,
  input: z.output<typeof SetAdministratorRoleRequestSchema>,
): Promise<{ isPending: boolean }> {
  await confirmIdentity(deps, actor.user.id, { password: input.password }, { isSecondFactorChecked: false });
  const held = (await listRolesOf(deps.db, userId)).map((grant) => grant.role);
  return setStaffRoles(deps, actor, userId, input.isAdmin ? [...held, 'owner'] : []);
}

/** Sudo mode: the password (and code) again, recorded on this session. */
export async function reauthenticate(deps: StaffDeps, actor: Actor, proof: IdentityProof): Promise<void> {
  assertActingInPerson(actor);
  await confirmIdentity(deps, actor.user.id, proof);
  await markReauthenticated(deps.db, { sessionId: actor.sessionId, at: new Date() });
}
