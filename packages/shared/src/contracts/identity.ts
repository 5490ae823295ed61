import { z } from 'zod';
import { defineRoute, idParams } from '../contract.ts';
import {
  IdentityDocumentLinkQuerySchema,
  IdentityImageSchema,
  IdentityImageUploadSchema,
  IdentityQueuePageSchema,
  IdentityRejectRequestSchema,
  IdentityReviewQuerySchema,
  IdentityReviewSchema,
  IdentitySubmissionRequestSchema,
  VerificationStateSchema,
  WithdrawalLimitsSchema,
} from '../identity.ts';
import { IDENTITY_MESSAGES } from '../identity-messages.ts';
import { IdentityProofSchema } from '../passkeys.ts';

const verificationId = idParams(IDENTITY_MESSAGES.verificationNotFound);

export const verificationStateRoute = defineRoute({
  method: 'GET',
  path: '/api/user/verification',
  access: 'user',
  summary: "The signed-in user's verification level, their latest submission and whether they may send one.",
  response: z.object({ data: VerificationStateSchema }),
});

export const uploadIdentityImageRoute = defineRoute({
  method: 'POST',
  path: '/api/user/verification/images',
  access: 'user',
  summary:
    'Upload one image of an identity document (front, back or selfie), typed by its bytes and stored encrypted, to name in a submission.',
  form: { fields: IdentityImageUploadSchema, file: 'image' },
  response: z.object({ data: IdentityImageSchema }),
  status: 201,
});

export const submitVerificationRoute = defineRoute({
  method: 'POST',
  path: '/api/user/verification',
  access: 'user',
  summary: 'Send identity details and uploaded images for review; one submission waits at a time.',
  body: IdentitySubmissionRequestSchema,
  response: z.object({ data: VerificationStateSchema, message: z.string() }),
  status: 201,
  idempotent: true,
});

export const withdrawalLimitsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/withdrawal-limits',
  access: 'user',
  summary:
    "The signed-in user's withdrawal limits for their verification level, used over the rolling day and 30 days, and every level's limits.",
  response: z.object({ data: WithdrawalLimitsSchema }),
});

export const identityQueueRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/verifications',
  access: 'admin',
  permission: 'identity.review',
  summary: 'Identity submissions of one status, oldest first: the reviewers’ queue.',
  query: IdentityReviewQuerySchema,
  response: IdentityQueuePageSchema,
});

export const identityReviewRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/verifications/:id',
  access: 'admin',
  permission: 'identity.review',
  summary:
    'One submission with its images behind links signed for the caller for five minutes; each image opened is audited.',
  params: verificationId,
  response: z.object({ data: IdentityReviewSchema }),
});

export const approveVerificationRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/verifications/:id/approve',
  access: 'admin',
  permission: 'identity.review',
  summary: 'Approve a pending submission: the person is verified at the full level, e-mailed and notified.',
  params: verificationId,
  response: z.object({ data: IdentityReviewSchema, message: z.string() }),
});

export const rejectVerificationRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/verifications/:id/reject',
  access: 'admin',
  permission: 'identity.review',
  summary:
    'Reject a pending submission with a reason (and a note); the person is e-mailed and may send again.',
  params: verificationId,
  body: IdentityRejectRequestSchema,
  response: z.object({ data: IdentityReviewSchema, message: z.string() }),
});

export const identityDocumentRoute = defineRoute({
  method: 'GET',
  path: '/api/identity-documents/:id',
  access: 'public',
  summary:
    'An identity image, decrypted, through a link signed for one compliance reviewer that dies after five minutes; each opening is audited.',
  params: idParams(IDENTITY_MESSAGES.documentNotFound),
  query: IdentityDocumentLinkQuerySchema,
  response: z.custom<Uint8Array<ArrayBufferLike>>((value) => value instanceof Uint8Array),
  produces: 'image/*',
});

export const dataExportRoute = defineRoute({
  method: 'POST',
  path: '/api/user/data-export',
  access: 'user',
  summary:
    'A zip of everything Vestora holds on the signed-in person (profile, sessions, history, verification records and images), after their password (and code) or a passkey; rate-limited and audited.',
  body: IdentityProofSchema,
  response: z.custom<Uint8Array<ArrayBufferLike>>((value) => value instanceof Uint8Array),
  produces: 'application/zip',
});
