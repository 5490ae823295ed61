import { z } from 'zod';
import { GovernanceSchema } from './liabilities.ts';
import { MESSAGES } from './messages.ts';
import { PasskeyAssertionSchema } from './passkeys.ts';
import { firstSignupProblem } from './signup-rules.ts';
import { PageQuerySchema } from './user.ts';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, MESSAGES.fieldTooLong)
    .optional()
    .transform((value) => value || null);

/** DD/MM/YYYY, a real calendar day, into the ISO date the database keeps. */
export function parseDayMonthYear(value: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [, day, month, year] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const isReal =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isReal ? date.toISOString().slice(0, 10) : null;
}

/**
 * An ISO date (YYYY-MM-DD) as people read it here: day, month, year. The profile writes it with
 * slashes (DD/MM/YYYY), the policy's effective date with dashes (21-07-2023), as the specification does.
 */
export function formatDayMonthYear(isoDate: string, separator: '/' | '-'): string {
  const [year, month, day] = isoDate.split('-');
  return [day, month, year].join(separator);
}

export function ageOn(isoBirthDate: string, today: Date): number {
  const [year = 0, month = 1, day = 1] = isoBirthDate.split('-').map(Number);
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

export const MINIMUM_AGE = 18;

export const UpdateProfileRequestSchema = z
  .object({
    fullName: z.string().trim().max(200).optional().default(''),
    userName: z.string().trim().max(200).optional().default(''),
    email: z.string().trim().max(200).optional().default(''),
    phone: optionalText(40),
    dateOfBirth: z.string().trim().max(20).optional().default(''),
    address: optionalText(300),
    postalCode: optionalText(20),
    country: optionalText(80),
    /** Needed only when the e-mail changes: the current password, and the code when two-factor is on. */
    password: z.string().max(200).optional(),
    code: z.string().trim().max(20).optional(),
    passkey: PasskeyAssertionSchema.optional(),
  })
  .transform((input, ctx) => {
    const problem = firstSignupProblem({
      fullName: input.fullName,
      userName: input.userName,
      email: input.email,
      password: 'Valid#Pass1',
      confirmPassword: 'Valid#Pass1',
    });
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    if (input.phone && !/^\+?[0-9 ()-]{6,20}$/.test(input.phone)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.profilePhone });
      return z.NEVER;
    }
    let dateOfBirth: string | null = null;
    if (input.dateOfBirth) {
      dateOfBirth = parseDayMonthYear(input.dateOfBirth);
      if (!dateOfBirth) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.profileDate });
        return z.NEVER;
      }
      if (ageOn(dateOfBirth, new Date()) < MINIMUM_AGE) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.profileAge });
        return z.NEVER;
      }
    }
    return { ...input, email: input.email.toLowerCase(), dateOfBirth };
  });
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequestSchema>;

/** The details beyond the specification's user record, with the date shown as DD/MM/YYYY. */
export const ProfileDetailsSchema = z.object({
  phone: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
});
export type ProfileDetails = z.infer<typeof ProfileDetailsSchema>;

export const ChangePasswordRequestSchema = z
  .object({
    oldPassword: z.string().max(200).optional().default(''),
    newPassword: z.string().max(200).optional().default(''),
    confirmPassword: z.string().max(200).optional().default(''),
  })
  .superRefine((input, ctx) => {
    // Each issue names the field it is about, so a form can mark that field; the server answers
    // with the first issue's message either way.
    const empty = (['oldPassword', 'newPassword', 'confirmPassword'] as const).find((field) => !input[field]);
    if (empty) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.signupAllFields, path: [empty] });
      return;
    }
    const problem = firstSignupProblem({
      fullName: 'Any Name',
      userName: 'anyone',
      email: 'any@example.com',
      password: input.newPassword,
      confirmPassword: input.confirmPassword,
    });
    if (problem) {
      const field = problem === MESSAGES.signupPasswordsMatch ? 'confirmPassword' : 'newPassword';
      ctx.addIssue({ code: 'custom', message: problem, path: [field] });
      return;
    }
    if (input.newPassword === input.oldPassword) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.newPasswordSameAsOld, path: ['newPassword'] });
    }
  });
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequestSchema>;

export const SupportMessageRequestSchema = z.object({
  subject: z.string().trim().max(120, MESSAGES.fieldTooLong).optional(),
  message: z
    .string({ message: MESSAGES.supportMessageRequired })
    .trim()
    .min(1, MESSAGES.supportMessageRequired)
    .max(5000, MESSAGES.supportMessageTooLong),
});

export const SupportMessageSchema = z.object({
  _id: z.string(),
  body: z.string(),
  isFromStaff: z.boolean(),
  authorName: z.string(),
  createdAt: z.string(),
});

export const SUPPORT_TICKET_STATUSES = ['open', 'answered', 'closed'] as const;

export const SupportTicketSchema = z.object({
  _id: z.string(),
  subject: z.string(),
  status: z.enum(SUPPORT_TICKET_STATUSES),
  userId: z.string(),
  userName: z.string(),
  fullName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  messages: z.array(SupportMessageSchema),
});
export type SupportTicket = z.infer<typeof SupportTicketSchema>;

/** The admin's ticket list: one page, optionally of one status. */
export const AdminTicketsQuerySchema = PageQuerySchema.extend({
  status: z.enum(SUPPORT_TICKET_STATUSES, { message: 'Unknown ticket status.' }).optional(),
});

export const NotificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(['deposit', 'withdrawal', 'adjustment', 'support', 'investment', 'account']),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const MarkNotificationsReadRequestSchema = z.object({
  ids: z
    .array(z.uuid({ message: MESSAGES.notificationNotFound }))
    .max(200)
    .optional(),
});

export const AuditEntrySchema = z.object({
  _id: z.string(),
  actorId: z.string(),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  action: z.string().trim().max(60).optional(),
  targetType: z.string().trim().max(60).optional(),
  targetId: z.string().trim().max(100).optional(),
});

export const EnableTwoFactorRequestSchema = z.object({
  password: z
    .string({ message: MESSAGES.twoFactorNeedsPassword })
    .min(1, MESSAGES.twoFactorNeedsPassword)
    .max(200),
  code: z.string({ message: MESSAGES.twoFactorCodeWrong }).trim().min(1, MESSAGES.twoFactorCodeWrong).max(20),
});

export const AccountLockRequestSchema = z.object({
  token: z
    .string({ message: MESSAGES.accountLockLinkInvalid })
    .trim()
    .min(1, MESSAGES.accountLockLinkInvalid)
    .max(200),
});

export const DisableTwoFactorRequestSchema = z.object({
  password: z.string({ message: MESSAGES.passwordWrong }).min(1, MESSAGES.passwordWrong).max(200),
  code: z.string({ message: MESSAGES.twoFactorCodeWrong }).trim().min(1, MESSAGES.twoFactorCodeWrong).max(20),
});

export const TwoFactorStatusSchema = z.object({
  isEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** Set by the operator: administrators must have it on to use the console. */
  isRequiredForAdmins: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

export const TwoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** A PNG data URL of the otpauth address, for the authenticator app to scan. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

/** What the console's security panel shows: how many administrators still sign in with a password only. */
export const AdminSecuritySchema = z.object({
  adminsWithoutTwoFactor: z.number().int(),
  isRequiredForAdmins: z.boolean(),
  governance: GovernanceSchema,
});

export const LOGIN_OUTCOMES = [
  'success',
  'wrong_password',
  'suspended',
  'code_required',
  'wrong_code',
  'wrong_passkey',
  'second_factor_reset',
  'account_locked',
] as const;
export type LoginOutcome = (typeof LOGIN_OUTCOMES)[number];

export const LoginEventSchema = z.object({
  _id: z.string(),
  outcome: z.enum(LOGIN_OUTCOMES),
  ip: z.string(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type LoginEvent = z.infer<typeof LoginEventSchema>;
