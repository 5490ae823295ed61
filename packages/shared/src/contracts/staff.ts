import { z } from 'zod';
import { defineRoute, idParams, MessageResponseSchema } from '../contract.ts';
import { MESSAGES } from '../messages.ts';
import { PasskeyAssertionSchema } from '../passkeys.ts';
import { QUORUM_KINDS, type QuorumKind, STAFF_ROLES } from '../staff.ts';

export const StaffMemberSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  suspended: z.boolean(),
  isTwoFactorOn: z.boolean(),
  roles: z.array(
    z.object({
      role: z.enum(STAFF_ROLES),
      grantedAt: z.string(),
      /** When the delay on a new grant ends: before it, the person approves nothing. */
      canApproveFrom: z.string(),
    }),
  ),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

const QUORUM_KIND_NAMES = Object.keys(QUORUM_KINDS) as [QuorumKind, ...QuorumKind[]];

export const QuorumRuleSchema = z.object({
  kind: z.enum(QUORUM_KIND_NAMES),
  /** People who must agree, the proposer among them. */
  quorum: z.number().int(),
  /** Staff who hold the permission the kind needs (unsuspended). */
  eligible: z.number().int(),
});
export type QuorumRule = z.infer<typeof QuorumRuleSchema>;

export const staffRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/staff',
  access: 'admin',
  permission: 'staff.read',
  summary: 'Staff members with their roles and when each may approve, and the approval policy.',
  response: z.object({
    data: z.array(StaffMemberSchema),
    policy: z.array(QuorumRuleSchema),
    /** How long a role granted by staff waits before its holder's approvals count. */
    approvalDelayHours: z.number(),
  }),
});

export const myStaffRolesRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/staff/me',
  access: 'admin',
  permission: 'any',
  summary: "The signed-in staff member's roles, from which the console shows only what they may do.",
  response: z.object({ data: z.object({ roles: z.array(z.enum(STAFF_ROLES)) }) }),
});

export const SetStaffRolesRequestSchema = z.object({
  roles: z.array(z.enum(STAFF_ROLES, { message: MESSAGES.staffRoleUnknown })).max(STAFF_ROLES.length),
});

export const setStaffRolesRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/staff/:id/roles',
  access: 'admin',
  permission: 'staff.manage',
  summary:
    "Set a verified account's staff roles (none removes them); waits for a quorum of owners when more than one can approve.",
  params: idParams(MESSAGES.userNotFound),
  body: SetStaffRolesRequestSchema,
  response: z.object({ message: z.string(), isPending: z.boolean() }),
  isReauthRequired: true,
});

export const SetQuorumRequestSchema = z.object({
  kind: z.enum(QUORUM_KIND_NAMES, { message: MESSAGES.quorumKindUnknown }),
  quorum: z
    .number({ message: MESSAGES.quorumRange })
    .int(MESSAGES.quorumRange)
    .min(1, MESSAGES.quorumRange)
    .max(9, MESSAGES.quorumRange),
});

export const setQuorumRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/approvalPolicy',
  access: 'admin',
  permission: 'staff.manage',
  summary: 'Change how many people must agree to one kind of guarded action; waits for the current quorum.',
  body: SetQuorumRequestSchema,
  response: z.object({ message: z.string(), isPending: z.boolean() }),
  isReauthRequired: true,
});

export const ReauthenticateRequestSchema = z
  .object({
    password: z
      .string({ message: MESSAGES.staffReauthPasswordNeeded })
      .max(200, MESSAGES.passwordWrong)
      .default(''),
    code: z.string().trim().max(20).optional(),
    passkey: PasskeyAssertionSchema.optional(),
  })
  .refine((input) => input.password.length > 0 || input.passkey !== undefined, {
    message: MESSAGES.staffReauthPasswordNeeded,
    path: ['password'],
  });

export type ReauthenticateRequest = z.input<typeof ReauthenticateRequestSchema>;

export const reauthenticateRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/reauthenticate',
  access: 'admin',
  permission: 'any',
  summary:
    "Confirm the staff member's password (and second factor) on this session: acts that move money or power need it within STAFF_REAUTH_MINUTES.",
  body: ReauthenticateRequestSchema,
  response: MessageResponseSchema,
});
