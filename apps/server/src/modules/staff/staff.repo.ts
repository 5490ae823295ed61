import { ROLE_PERMISSIONS, STAFF_ROLES, type StaffPermission, type StaffRole } from '@vestora/shared';
import { and, asc, eq, inArray, min } from 'drizzle-orm';
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

function rolesGranting(permission: StaffPermission): StaffRole[] {
  return STAFF_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
}

/**
 * Active, unsuspended people holding `permission`, each with when they first held it: the people
 * who may approve an action that needs it.
 */
export async function listStaffHolding(
  db: Executor,
  permission: StaffPermission,
): Promise<{ userId: string; fullName: string; heldSince: Date }[]> {
  const rows = await db
    .select({ userId: users.id, fullName: users.fullName, heldSince: min(staffRoles.grantedAt) })
    .from(staffRoles)
    .innerJoin(users, eq(users.id, staffRoles.userId))
    .where(
      and(
        inArray(staffRoles.role, rolesGranting(permission)),
        eq(users.status, 'active'),
        eq(users.suspended, false),
      ),
    )
    .groupBy(users.id, users.fullName)
    .orderBy(asc(users.id));
  return rows.flatMap((row) => (row.heldSince ? [{ ...row, heldSince: row.heldSince }] : []));
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
      roles: StaffRoleGrant[];
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
    member.roles.push({ role: row.role, grantedAt: row.grantedAt });
    members.set(row._id, member);
  }
  return [...members.values()];
}
