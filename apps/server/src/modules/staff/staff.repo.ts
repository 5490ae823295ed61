import { rolesHolding, type StaffPermission, type StaffRole } from '@vestora/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { staffRoles, users } from '../../db/schema/index.ts';

export type StaffRoleGrant = { role: StaffRole; grantedAt: Date };

export async function listRolesOf(db: Executor, userId: string): Promise<StaffRoleGrant[]> {
  return db
    .select({ role: staffRoles.role, grantedAt: staffRoles.grantedAt })
    .from(staffRoles)
    .where(eq(staffRoles.userId, userId))
    .orderBy(asc(staffRoles.role));
}

export interface PermissionHolder {
  userId: string;
  fullName: string;
  /** When they first held the permission. */
  heldSince: Date;
  /**
   * When their approvals count: a grant by staff waits `delayMs`; one by the platform itself (the
   * first owner at setup, the owners an upgrade made) does not, as nobody could have planted it.
   */
  canApproveFrom: Date;
}

/** Active, unsuspended people holding `permission`: the people who may approve an action that needs it. */
export async function listStaffHolding(
  db: Executor,
  permission: StaffPermission,
  { delayMs = 0 }: { delayMs?: number } = {},
): Promise<PermissionHolder[]> {
  const rows = await db
    .select({
      userId: users.id,
      fullName: users.fullName,
      grantedAt: staffRoles.grantedAt,
      grantedBy: staffRoles.grantedBy,
    })
    .from(staffRoles)
    .innerJoin(users, eq(users.id, staffRoles.userId))
    .where(
      and(
        inArray(staffRoles.role, rolesHolding(permission)),
        eq(users.status, 'active'),
        eq(users.suspended, false),
      ),
    )
    .orderBy(asc(users.id));
  const holders = new Map<string, PermissionHolder>();
  for (const row of rows) {
    const canApproveFrom = new Date(row.grantedAt.getTime() + (row.grantedBy ? delayMs : 0));
    const held = holders.get(row.userId);
    holders.set(row.userId, {
      userId: row.userId,
      fullName: row.fullName,
      heldSince: held && held.heldSince < row.grantedAt ? held.heldSince : row.grantedAt,
      canApproveFrom: held && held.canApproveFrom < canApproveFrom ? held.canApproveFrom : canApproveFrom,
    });
  }
  return [...holders.values()];
}

/** Replaces a person's roles; `users.is_admin` follows, true while any role is held. */
export async function replaceRoles(
  db: Executor,
  {
    userId,
    roles,
    grantedBy,
    now,
  }: { userId: string; roles: readonly StaffRole[]; grantedBy: string | null; now: Date },
): Promise<void> {
  const held = await listRolesOf(db, userId);
  const removed = held.filter((grant) => !roles.includes(grant.role)).map((grant) => grant.role);
  const added = roles.filter((role) => !held.some((grant) => grant.role === role));
  if (removed.length > 0) {
    await db.delete(staffRoles).where(and(eq(staffRoles.userId, userId), inArray(staffRoles.role, removed)));
  }
  if (added.length > 0) {
    await db.insert(staffRoles).values(added.map((role) => ({ userId, role, grantedAt: now, grantedBy })));
  }
  await db
    .update(users)
    .set({ isAdmin: roles.length > 0 })
    .where(eq(users.id, userId));
}

/** Locks the owners' rows in one order, so two owners removing each other at once cannot both succeed. */
export async function lockOwners(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ userId: staffRoles.userId })
    .from(staffRoles)
    .innerJoin(users, eq(users.id, staffRoles.userId))
    .where(and(eq(staffRoles.role, 'owner'), eq(users.status, 'active')))
    .orderBy(asc(staffRoles.userId))
    .for('update');
  return rows.map((row) => row.userId);
}

export async function listStaffMembers(db: Executor) {
  const rows = await db
    .select({
      _id: users.id,
      fullName: users.fullName,
      email: users.email,
      suspended: users.suspended,
      totpEnabledAt: users.totpEnabledAt,
      role: staffRoles.role,
      grantedAt: staffRoles.grantedAt,
      grantedBy: staffRoles.grantedBy,
    })
    .from(staffRoles)
    .innerJoin(users, eq(users.id, staffRoles.userId))
    .where(eq(users.status, 'active'))
    .orderBy(asc(users.fullName), asc(users.id), asc(staffRoles.role));
  const members = new Map<
    string,
    {
      _id: string;
      fullName: string;
      email: string;
      suspended: boolean;
      isTwoFactorOn: boolean;
      roles: (StaffRoleGrant & { grantedBy: string | null })[];
    }
  >();
  for (const row of rows) {
    const member = members.get(row._id) ?? {
      _id: row._id,
      fullName: row.fullName,
      email: row.email,
      suspended: row.suspended,
      isTwoFactorOn: row.totpEnabledAt !== null,
      roles: [],
    };
    member.roles.push({ role: row.role, grantedAt: row.grantedAt, grantedBy: row.grantedBy });
    members.set(row._id, member);
  }
  return [...members.values()];
}
