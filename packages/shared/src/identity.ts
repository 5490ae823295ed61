import { z } from 'zod';
import { pageOf } from './contract.ts';
import { COUNTRY_CODES } from './countries.ts';
import { IDENTITY_MESSAGES } from './identity-messages.ts';

/**
 * How far a person's identity is established: `none` may only deposit; `basic` is the
 * specification's one-click "Verify User"; `full` follows approved identity documents. Withdrawal
 * limits follow the level (`WithdrawalLimitsSchema`).
 */
export const VERIFICATION_LEVELS = ['none', 'basic', 'full'] as const;
export type VerificationLevel = (typeof VERIFICATION_LEVELS)[number];

export const VERIFICATION_LEVEL_LABELS: Record<VerificationLevel, string> = {
  none: 'Unverified',
  basic: 'Basic',
  full: 'Full',
};

export const IDENTITY_DOCUMENT_TYPES = ['passport', 'national_id', 'driving_licence'] as const;
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number];

export const IDENTITY_DOCUMENT_TYPE_LABELS: Record<IdentityDocumentType, string> = {
  passport: 'Passport',
  national_id: 'National identity card',
  driving_licence: 'Driving licence',
};

/** A passport is one page; a card or a licence has a back to show as well. */
export function documentHasBack(type: IdentityDocumentType): boolean {
  return type !== 'passport';
}

/** The images of one submission: the document's front, its back where it has one, and a selfie holding it. */
export const IDENTITY_IMAGE_SIDES = ['front', 'back', 'selfie'] as const;
export type IdentityImageSide = (typeof IDENTITY_IMAGE_SIDES)[number];

export const IDENTITY_IMAGE_SIDE_LABELS: Record<IdentityImageSide, string> = {
  front: 'Front of the document',
  back: 'Back of the document',
  selfie: 'Selfie holding the document',
};

export const IDENTITY_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number];

/** Why a reviewer refuses a submission; `other` needs a note, the others may carry one. */
export const IDENTITY_REJECTION_REASONS = [
  'unreadable',
  'expired',
  'details_mismatch',
  'selfie',
  'not_accepted',
  'other',
] as const;
export type IdentityRejectionReason = (typeof IDENTITY_REJECTION_REASONS)[number];

export const IDENTITY_REJECTION_REASON_LABELS: Record<IdentityRejectionReason, string> = {
  unreadable: 'The images are blurred, cut off or unreadable',
  expired: 'The document has expired',
  details_mismatch: 'The details entered do not match the document',
  selfie: 'The selfie does not clearly show you holding the document',
  not_accepted: 'This document is not accepted',
  other: 'Another reason, explained in the note',
};

/** The youngest a person may be, as the privacy policy says. */
export const MINIMUM_AGE_YEARS = 18;

/** Whether someone born on `dateOfBirth` (YYYY-MM-DD) is `MINIMUM_AGE_YEARS` or older on `today`. */
export function isOfAge(dateOfBirth: string, today: Date): boolean {
  const [year = 0, month = 0, day = 0] = dateOfBirth.split('-').map(Number);
  const comingOfAge = Date.UTC(year + MINIMUM_AGE_YEARS, month - 1, day);
  return comingOfAge <= Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
}

/** A calendar date that exists, as YYYY-MM-DD, from 1900 on. */
function isCalendarDate(value: string): boolean {
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

export const IdentityImageUploadSchema = z.object({
  side: z.enum(IDENTITY_IMAGE_SIDES, { message: IDENTITY_MESSAGES.sideInvalid }),
});

export const IdentityImageSchema = z.object({
  id: z.string(),
  side: z.enum(IDENTITY_IMAGE_SIDES),
});
export type IdentityImage = z.infer<typeof IdentityImageSchema>;

export const IdentitySubmissionRequestSchema = z
  .object({
    legalName: z
      .string({ message: IDENTITY_MESSAGES.legalNameRequired })
      .trim()
      .min(2, IDENTITY_MESSAGES.legalNameRequired)
      .max(120, IDENTITY_MESSAGES.legalNameTooLong),
    dateOfBirth: z
      .string({ message: IDENTITY_MESSAGES.dateOfBirthInvalid })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: IDENTITY_MESSAGES.dateOfBirthInvalid, abort: true })
      .refine(isCalendarDate, IDENTITY_MESSAGES.dateOfBirthInvalid),
    country: z.enum(COUNTRY_CODES, { message: IDENTITY_MESSAGES.countryRequired }),
    address: z
      .string({ message: IDENTITY_MESSAGES.addressRequired })
      .trim()
      .min(5, IDENTITY_MESSAGES.addressRequired)
      .max(300, IDENTITY_MESSAGES.addressTooLong),
    documentType: z.enum(IDENTITY_DOCUMENT_TYPES, { message: IDENTITY_MESSAGES.documentTypeRequired }),
    frontImageId: z.uuid({ message: IDENTITY_MESSAGES.frontRequired }),
    backImageId: z.uuid({ message: IDENTITY_MESSAGES.backRequired }).optional(),
    selfieImageId: z.uuid({ message: IDENTITY_MESSAGES.selfieRequired }),
  })
  .superRefine((value, ctx) => {
    if (documentHasBack(value.documentType) && !value.backImageId) {
      ctx.addIssue({ code: 'custom', path: ['backImageId'], message: IDENTITY_MESSAGES.backRequired });
    }
    if (!documentHasBack(value.documentType) && value.backImageId) {
      ctx.addIssue({ code: 'custom', path: ['backImageId'], message: IDENTITY_MESSAGES.backNotForPassport });
    }
  });
export type IdentitySubmissionRequest = z.infer<typeof IdentitySubmissionRequestSchema>;

export const IdentityRejectionSchema = z.object({
  reason: z.enum(IDENTITY_REJECTION_REASONS),
  reasonLabel: z.string(),
  note: z.string().nullable(),
});

/** One submission as its owner sees it (no images: they are not shown back). */
export const IdentitySubmissionSchema = z.object({
  id: z.string(),
  status: z.enum(IDENTITY_STATUSES),
  legalName: z.string(),
  dateOfBirth: z.string(),
  country: z.string(),
  address: z.string(),
  documentType: z.enum(IDENTITY_DOCUMENT_TYPES),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  rejection: IdentityRejectionSchema.nullable(),
});
export type IdentitySubmission = z.infer<typeof IdentitySubmissionSchema>;

/** The Verification page: the level, the latest submission and whether a new one may be sent. */
export const VerificationStateSchema = z.object({
  level: z.enum(VERIFICATION_LEVELS),
  submission: IdentitySubmissionSchema.nullable(),
  canSubmit: z.boolean(),
});
export type VerificationState = z.infer<typeof VerificationStateSchema>;

export const IdentityReviewQuerySchema = z.object({
  status: z.enum(IDENTITY_STATUSES).default('pending'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** A row of the reviewers' queue, oldest first. */
export const IdentityQueueItemSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  fullName: z.string(),
  email: z.string(),
  legalName: z.string(),
  country: z.string(),
  documentType: z.enum(IDENTITY_DOCUMENT_TYPES),
  status: z.enum(IDENTITY_STATUSES),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewerName: z.string().nullable(),
});
export type IdentityQueueItem = z.infer<typeof IdentityQueueItemSchema>;

export const IdentityQueuePageSchema = pageOf(IdentityQueueItemSchema);

/** What a reviewer sees of one submission: its details, its images behind short-lived signed links, the person's earlier ones. */
export const IdentityReviewSchema = IdentityQueueItemSchema.extend({
  dateOfBirth: z.string(),
  address: z.string(),
  accountCreatedAt: z.string(),
  accountFullName: z.string(),
  rejection: IdentityRejectionSchema.nullable(),
  images: z.array(z.object({ side: z.enum(IDENTITY_IMAGE_SIDES), url: z.string(), mimeType: z.string() })),
  /** Their earlier submissions, newest first. */
  history: z.array(
    z.object({
      id: z.string(),
      status: z.enum(IDENTITY_STATUSES),
      submittedAt: z.string(),
      rejection: IdentityRejectionSchema.nullable(),
    }),
  ),
  /** False for the reviewer's own submission: nobody approves themselves. */
  mayDecide: z.boolean(),
});
export type IdentityReview = z.infer<typeof IdentityReviewSchema>;

export const IdentityRejectRequestSchema = z
  .object({
    reason: z.enum(IDENTITY_REJECTION_REASONS, { message: IDENTITY_MESSAGES.reasonRequired }),
    note: z.string().trim().max(500, IDENTITY_MESSAGES.noteTooLong).optional(),
  })
  .refine((value) => value.reason !== 'other' || (value.note ?? '').length > 0, {
    path: ['note'],
    message: IDENTITY_MESSAGES.noteRequired,
  });
export type IdentityRejectRequest = z.input<typeof IdentityRejectRequestSchema>;

export const IdentityDocumentLinkQuerySchema = z.object({
  viewer: z.string().max(64).optional(),
  expires: z.string().max(20).optional(),
  signature: z.string().max(128).optional(),
});

/** One rolling window's limit and how much of it is used (a level without withdrawals has no window: null). */
export const LimitUseSchema = z.object({
  /** USD. */
  limit: z.number(),
  used: z.number(),
  remaining: z.number(),
  /** When the oldest withdrawal counted leaves the window; null when none is counted. */
  resetsAt: z.string().nullable(),
});
export type LimitUse = z.infer<typeof LimitUseSchema>;

export const WITHDRAWAL_LIMIT_WINDOWS = { daily: 24, monthly: 30 * 24 } as const satisfies Record<
  string,
  number
>;

export const LevelLimitsSchema = z.object({
  level: z.enum(VERIFICATION_LEVELS),
  /** Null for unverified: no withdrawal at all. USD. */
  dailyUsd: z.number().nullable(),
  monthlyUsd: z.number().nullable(),
});

/** The caller's level, its two windows as used now, and what every level allows. */
export const WithdrawalLimitsSchema = z.object({
  level: z.enum(VERIFICATION_LEVELS),
  daily: LimitUseSchema.nullable(),
  monthly: LimitUseSchema.nullable(),
  levels: z.array(LevelLimitsSchema),
});
export type WithdrawalLimits = z.infer<typeof WithdrawalLimitsSchema>;
