import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  IDENTITY_DOCUMENT_TYPE_LABELS,
  IDENTITY_IMAGE_SIDES,
  IDENTITY_MESSAGES,
  IDENTITY_REJECTION_REASON_LABELS,
  type IdentityImage,
  type IdentityImageSide,
  type IdentityQueueItem,
  type IdentityRejectRequest,
  type IdentityReview,
  type IdentityStatus,
  type IdentitySubmission,
  type IdentitySubmissionRequest,
  identityDocumentRoute,
  isOfAge,
  type VerificationState,
} from '@vestora/shared';
import type { AppConfig } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { postgresConstraint, runInTransaction, type Transaction } from '../../lib/transaction.ts';
import { detectAllowedType } from '../../lib/uploads.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { notifyAndMail } from '../notifications/notifications.service.ts';
import type { Actor } from '../sessions/actor.ts';
import { permissionsHeldBy } from '../staff/quorum.service.ts';
import { findUserById, lockActiveUserOrFail, setUserVerified, UUID } from '../users/users.service.ts';
import { emitWebhookEvent } from '../webhooks/webhook-outbox.ts';
import { userEventData } from '../webhooks/webhook-payloads.ts';
import { type DocumentKey, openImage, sealImage } from './document-sealing.ts';
import {
  claimImages,
  countImagesSealedWithOtherKeys,
  countUnclaimedImages,
  findClaimedImage,
  findImagesByIds,
  findLatestVerification,
  findOpenVerification,
  findVerificationWithAccount,
  insertIdentityImage,
  insertVerification,
  listImageSummariesOf,
  listSealedImagesOf,
  listVerificationQueue,
  listVerificationsOf,
  lockVerification,
  recordVerificationDecision,
  type VerificationRow,
  type VerificationWithAccount,
} from './identity.repo.ts';
import { verificationLevelOf } from './verification-level.ts';

/** Photographs only: a PDF or an SVG named .png is refused by its bytes. */
const IDENTITY_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};
/** Room for a few retakes of each side; unsent images are swept after a day. */
export const MAX_UNCLAIMED_IMAGES = 12;
const QUEUE_PAGE_SIZE = 20;
/** Long enough to look at a submission, short enough that a leaked link soon dies. */
const DOCUMENT_LINK_SECONDS = 5 * 60;
const VERIFICATION_PAGE = '/user/verification';

const IMAGE_REQUIRED: Record<IdentityImageSide, string> = {
  front: IDENTITY_MESSAGES.frontRequired,
  back: IDENTITY_MESSAGES.backRequired,
  selfie: IDENTITY_MESSAGES.selfieRequired,
};

/** What the reviewer's side needs: signed links are made from the key, the time and where files are served. */
export interface IdentityDeps {
  db: Database;
  clock: Clock;
  config: Pick<AppConfig, 'fileUrlBase' | 'publicUrl'>;
  documentKey: DocumentKey;
}

function rejectionOf(row: VerificationRow): IdentitySubmission['rejection'] {
  if (!row.rejectionReason) return null;
  return {
    reason: row.rejectionReason,
    reasonLabel: IDENTITY_REJECTION_REASON_LABELS[row.rejectionReason],
    note: row.rejectionNote,
  };
}

function toSubmission(row: VerificationRow): IdentitySubmission {
  return {
    id: row.id,
    status: row.status,
    legalName: row.legalName,
    dateOfBirth: row.dateOfBirth,
    country: row.country,
    address: row.address,
    documentType: row.documentType,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    rejection: rejectionOf(row),
  };
}

/** The Verification page: the level, the latest submission, and whether a new one may be sent. */
export async function getVerificationState(
  db: Executor,
  user: { id: string; isVerified: boolean },
): Promise<VerificationState> {
  const [level, latest] = await Promise.all([
    verificationLevelOf(db, user),
    findLatestVerification(db, { userId: user.id }),
  ]);
  return {
    level,
    submission: latest ? toSubmission(latest) : null,
    // At most one waits or is approved, and it is the newest: only a rejection leaves room.
    canSubmit: !latest || latest.status === 'rejected',
  };
}

async function assertNothingOpen(tx: Executor, userId: string): Promise<void> {
  const open = await findOpenVerification(tx, { userId });
  if (open?.status === 'pending') throw new AppError('CONFLICT', IDENTITY_MESSAGES.alreadyPending);
  if (open?.status === 'approved') throw new AppError('CONFLICT', IDENTITY_MESSAGES.alreadyApproved);
}

/** Seals and keeps one image, unattached, to be named by a submission. */
export async function uploadIdentityImage(
  deps: { db: Database; documentKey: DocumentKey },
  actor: Actor,
  { side, image }: { side: IdentityImageSide; image: Buffer | undefined },
): Promise<IdentityImage> {
  if (!image) throw new AppError('BAD_REQUEST', IMAGE_REQUIRED[side]);
  const mimeType = await detectAllowedType(image, IDENTITY_IMAGE_TYPES);
  if (!mimeType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', IDENTITY_MESSAGES.imageType);
  const userId = actor.user.id;
  return runInTransaction(deps.db, async (tx) => {
    // Held until commit: the user's uploads are counted one at a time, so parallel ones cannot pass
    // the cap. 'no key update' leaves the key-share locks of rows referencing the user unblocked.
    await lockActiveUserOrFail(tx, userId, 'no key update');
    await assertNothingOpen(tx, userId);
    if ((await countUnclaimedImages(tx, { userId })) >= MAX_UNCLAIMED_IMAGES) {
      throw new AppError('CONFLICT', IDENTITY_MESSAGES.tooManyImages);
    }
    // The id is chosen here because the sealed bytes are bound to it.
    const id = randomUUID();
    const sealed = sealImage(deps.documentKey, image, { imageId: id, userId });
    const row = await insertIdentityImage(tx, {
      id,
      userId,
      side,
      mimeType,
      sizeBytes: image.length,
      ...sealed,
    });
    return { id: row.id, side: row.side };
  });
}

/**
 * Sends the details and the named images for review, in the caller's transaction (the route's
 * idempotency claim). One submission waits at a time, and none follows an approval.
 */
export async function submitVerification(
  tx: Transaction,
  { clock }: { clock: Clock },
  actor: Actor,
  request: IdentitySubmissionRequest,
): Promise<VerificationState> {
  if (!isOfAge(request.dateOfBirth, clock.now()))
    throw new AppError('BAD_REQUEST', IDENTITY_MESSAGES.tooYoung);
  const userId = actor.user.id;
  // Held until commit: two submissions at once are served one after the other, and the second
  // finds the first. The partial unique index stands behind this.
  const user = await lockActiveUserOrFail(tx, userId, 'no key update');
  await assertNothingOpen(tx, userId);

  const slots: { id: string; side: IdentityImageSide }[] = [
    { id: request.frontImageId, side: 'front' },
    ...(request.backImageId ? [{ id: request.backImageId, side: 'back' as const }] : []),
    { id: request.selfieImageId, side: 'selfie' },
  ];
  const found = await findImagesByIds(tx, { ids: slots.map((slot) => slot.id) });
  for (const slot of slots) {
    const image = found.find((candidate) => candidate.id === slot.id);
    // Another person's image reads as missing: nobody learns which ids exist.
    if (image?.userId !== userId || image.verificationId !== null) {
      throw new AppError('BAD_REQUEST', IDENTITY_MESSAGES.imageMissing);
    }
    if (image.side !== slot.side) throw new AppError('BAD_REQUEST', IDENTITY_MESSAGES.imageSideMismatch);
  }

  const verification = await insertVerification(tx, {
    userId,
    legalName: request.legalName,
    dateOfBirth: request.dateOfBirth,
    country: request.country,
    address: request.address,
    documentType: request.documentType,
  }).catch((error: unknown) => {
    if (postgresConstraint(error) === 'identity_verifications_one_open_idx') {
      throw new AppError('CONFLICT', IDENTITY_MESSAGES.alreadyPending);
    }
    throw error;
  });
  const claimed = await claimImages(tx, {
    ids: slots.map((slot) => slot.id),
    userId,
    verificationId: verification.id,
  });
  if (claimed !== slots.length) throw new AppError('BAD_REQUEST', IDENTITY_MESSAGES.imageMissing);

  await notifyAndMail(
    tx,
    {
      userId,
      kind: 'account',
      title: 'Identity documents received',
      body: 'We received your identity documents and will review them. You will get an e-mail with the result.',
      link: VERIFICATION_PAGE,
    },
    { kind: 'identity_submitted' },
  );
  return getVerificationState(tx, user);
}

function toQueueItem(row: VerificationWithAccount): IdentityQueueItem {
  const { verification } = row;
  return {
    id: verification.id,
    userId: verification.userId,
    userName: row.userName,
    fullName: row.fullName,
    email: row.email,
    legalName: verification.legalName,
    country: verification.country,
    documentType: verification.documentType,
    status: verification.status,
    submittedAt: verification.submittedAt.toISOString(),
    reviewedAt: verification.reviewedAt?.toISOString() ?? null,
    reviewerName: row.reviewerName,
  };
}

/** The reviewers' queue: one status, oldest first. */
export async function listIdentityQueue(
  db: Executor,
  { status, page }: { status: IdentityStatus; page: number },
) {
  const { rows, total } = await listVerificationQueue(db, { status, page, pageSize: QUEUE_PAGE_SIZE });
  return { data: rows.map(toQueueItem), page, pageSize: QUEUE_PAGE_SIZE, total };
}

/** What a document link carries besides the image's id. */
interface DocumentLink {
  viewer?: string;
  expires?: string;
  signature?: string;
}

function linkSignature(key: DocumentKey, imageId: string, viewerId: string, expires: number): Buffer {
  return createHmac('sha256', key.linkKey).update(`${imageId}.${viewerId}.${expires}`).digest();
}

/** A link to one image for one reviewer, dying after `DOCUMENT_LINK_SECONDS`. */
function documentUrl(deps: Omit<IdentityDeps, 'db'>, imageId: string, viewerId: string): string {
  const expires = Math.floor(deps.clock.now().getTime() / 1000) + DOCUMENT_LINK_SECONDS;
  const signature = linkSignature(deps.documentKey, imageId, viewerId, expires).toString('hex');
  const path = identityDocumentRoute.path.replace(':id', imageId);
  return `${deps.config.fileUrlBase}${path}?viewer=${viewerId}&expires=${expires}&signature=${signature}`;
}

/** One submission as a reviewer sees it, its images behind links signed for `actor`. */
export async function getIdentityReview(
  deps: Omit<IdentityDeps, 'db'> & { db: Executor },
  actor: Actor,
  id: string,
): Promise<IdentityReview> {
  const row = await findVerificationWithAccount(deps.db, { id });
  if (!row) throw new AppError('NOT_FOUND', IDENTITY_MESSAGES.verificationNotFound);
  const { verification } = row;
  const [images, submissions] = await Promise.all([
    listImageSummariesOf(deps.db, { verificationId: id }),
    listVerificationsOf(deps.db, { userId: verification.userId }),
  ]);
  const sideOrder = (side: IdentityImageSide) => IDENTITY_IMAGE_SIDES.indexOf(side);
  return {
    ...toQueueItem(row),
    dateOfBirth: verification.dateOfBirth,
    address: verification.address,
    accountCreatedAt: row.accountCreatedAt.toISOString(),
    accountFullName: row.fullName,
    rejection: rejectionOf(verification),
    images: images
      .sort((a, b) => sideOrder(a.side) - sideOrder(b.side))
      .map((image) => ({
        side: image.side,
        mimeType: image.mimeType,
        url: documentUrl(deps, image.id, actor.user.id),
      })),
    history: submissions
      .filter((submission) => submission.id !== id)
      .map((submission) => ({
        id: submission.id,
        status: submission.status,
        submittedAt: submission.submittedAt.toISOString(),
        rejection: rejectionOf(submission),
      })),
    mayDecide: verification.status === 'pending' && verification.userId !== actor.user.id,
  };
}

/** Locks a submission for a decision: it must exist, be someone else's, and still wait. */
async function lockDecidable(tx: Executor, actor: Actor, id: string): Promise<VerificationRow> {
  const verification = await lockVerification(tx, { id });
  if (!verification) throw new AppError('NOT_FOUND', IDENTITY_MESSAGES.verificationNotFound);
  if (verification.userId === actor.user.id)
    throw new AppError('FORBIDDEN', IDENTITY_MESSAGES.ownVerification);
  if (verification.status !== 'pending') throw new AppError('CONFLICT', IDENTITY_MESSAGES.notPending);
  return verification;
}

/** The person is verified at the full level: told in the app and by e-mail, and audited. */
export async function approveVerification(
  deps: IdentityDeps,
  actor: Actor,
  id: string,
): Promise<IdentityReview> {
  return runInTransaction(deps.db, async (tx) => {
    // Locked first, the submission orders two reviewers deciding at once: the second finds it decided.
    const verification = await lockDecidable(tx, actor, id);
    const { userId } = verification;
    const person = await lockActiveUserOrFail(tx, userId, 'no key update');
    await recordVerificationDecision(tx, {
      id,
      status: 'approved',
      reviewerId: actor.user.id,
      reviewedAt: deps.clock.now(),
      rejectionReason: null,
      rejectionNote: null,
    });
    const verified = await setUserVerified(tx, { id: userId });
    if (!verified) throw new Error(`user ${userId} vanished under its lock`);
    await emitWebhookEvent(tx, { type: 'user.verified', data: userEventData(verified, 'full') });
    await notifyAndMail(
      tx,
      {
        userId,
        kind: 'account',
        title: 'Your identity is verified',
        body: 'Your identity documents were approved: you are verified at the full level.',
        link: VERIFICATION_PAGE,
      },
      {
        kind: 'identity_approved',
        more: [
          'Full verification lets you invest in plans and withdraw up to the highest daily and monthly limits, which the Withdrawal page shows.',
        ],
      },
    );
    await recordAudit(tx, actor, {
      action: 'identity.approve',
      targetType: 'user',
      targetId: userId,
      before: { verificationId: id, status: 'pending', isVerified: person.isVerified },
      after: { verificationId: id, status: 'approved', isVerified: true, level: 'full' },
    });
    return getIdentityReview({ ...deps, db: tx }, actor, id);
  });
}

/** The person is told why, in the app and by e-mail with a link to send again; audited. */
export async function rejectVerification(
  deps: IdentityDeps,
  actor: Actor,
  id: string,
  { reason, note }: IdentityRejectRequest,
): Promise<IdentityReview> {
  const rejectionNote = note || null;
  return runInTransaction(deps.db, async (tx) => {
    const { userId } = await lockDecidable(tx, actor, id);
    await recordVerificationDecision(tx, {
      id,
      status: 'rejected',
      reviewerId: actor.user.id,
      reviewedAt: deps.clock.now(),
      rejectionReason: reason,
      rejectionNote,
    });
    const label = IDENTITY_REJECTION_REASON_LABELS[reason];
    await notifyAndMail(
      tx,
      {
        userId,
        kind: 'account',
        title: 'Your identity documents were not approved',
        body: `Your identity documents were not approved. Reason: ${label}.`,
        link: VERIFICATION_PAGE,
      },
      {
        kind: 'identity_rejected',
        more: [
          ...(rejectionNote ? [`The reviewer's note: ${rejectionNote}`] : []),
          'You can correct this and send your documents again here:',
          { link: `${deps.config.publicUrl}${VERIFICATION_PAGE}` },
        ],
      },
    );
    await recordAudit(tx, actor, {
      action: 'identity.reject',
      targetType: 'user',
      targetId: userId,
      before: { verificationId: id, status: 'pending' },
      after: { verificationId: id, status: 'rejected', reason, note: rejectionNote },
    });
    return getIdentityReview({ ...deps, db: tx }, actor, id);
  });
}

/**
 * The reviewer the link was signed for, if it was signed for this image and is still alive.
 * Malformed parts are refused before the comparison, which runs in constant time.
 */
function signedViewerOf(
  deps: Pick<IdentityDeps, 'clock' | 'documentKey'>,
  imageId: string,
  { viewer, expires, signature }: DocumentLink,
): string | undefined {
  if (!viewer || !UUID.test(viewer) || !expires || !/^\d{1,12}$/.test(expires)) return undefined;
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return undefined;
  if (Number(expires) < deps.clock.now().getTime() / 1000) return undefined;
  const expected = linkSignature(deps.documentKey, imageId, viewer, Number(expires));
  return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? viewer : undefined;
}

/**
 * An image, decrypted, for the reviewer its link was signed for, if they may still review
 * identities now (not suspended, closed or stripped of the permission since). Each opening is
 * audited, with that reviewer as the actor.
 */
export async function viewIdentityDocument(
  deps: Pick<IdentityDeps, 'db' | 'clock' | 'documentKey'>,
  id: string,
  link: DocumentLink,
): Promise<{ content: Buffer; mimeType: string; fileName: string }> {
  const viewerId = signedViewerOf(deps, id, link);
  if (!viewerId) throw new AppError('FORBIDDEN', IDENTITY_MESSAGES.documentLinkInvalid);
  const viewer = await findUserById(deps.db, { id: viewerId });
  const mayReview =
    viewer?.status === 'active' &&
    !viewer.suspended &&
    viewer.isAdmin &&
    (await permissionsHeldBy(deps.db, viewer.id)).has('identity.review');
  if (!viewer || !mayReview) throw new AppError('FORBIDDEN', IDENTITY_MESSAGES.documentLinkInvalid);

  const image = await findClaimedImage(deps.db, { id });
  if (!image) throw new AppError('NOT_FOUND', IDENTITY_MESSAGES.documentNotFound);
  const content = openImage(deps.documentKey, image, { imageId: image.id, userId: image.userId });
  // The link stands in for a session: the reviewer it was signed for is the one who looked.
  const linkViewer: Actor = { user: viewer, sessionId: '', hasAdminPowers: true };
  await runInTransaction(deps.db, (tx) =>
    recordAudit(tx, linkViewer, {
      action: 'identity.document.view',
      targetType: 'user',
      targetId: image.userId,
      after: { imageId: image.id, verificationId: image.verificationId, side: image.side },
    }),
  );
  const extension = EXTENSIONS[image.mimeType] ?? 'bin';
  return { content, mimeType: image.mimeType, fileName: `${image.id}.${extension}` };
}

/**
 * Everything identity verification holds on a person, for their data export: each submission with
 * its details, status, reasons and dates, and each of its images decrypted, named by the day it
 * was sent and its side.
 */
export async function identityExportOf(
  deps: { db: Executor; documentKey: DocumentKey },
  userId: string,
): Promise<{
  verifications: Array<Record<string, unknown>>;
  images: Array<{ fileName: string; content: Buffer }>;
}> {
  const rows = (await listVerificationsOf(deps.db, { userId })).reverse();
  const sealedImages = await listSealedImagesOf(deps.db, { verificationIds: rows.map((row) => row.id) });
  const sendsPerDay = new Map<string, number>();
  const images: Array<{ fileName: string; content: Buffer }> = [];
  const verifications = rows.map((row) => {
    const day = row.submittedAt.toISOString().slice(0, 10);
    const sends = (sendsPerDay.get(day) ?? 0) + 1;
    sendsPerDay.set(day, sends);
    const stem = sends === 1 ? day : `${day}-${sends}`;
    const fileNames: string[] = [];
    for (const image of sealedImages.filter((candidate) => candidate.verificationId === row.id)) {
      const extension = EXTENSIONS[image.mimeType] ?? 'bin';
      const fileName = `verification/${stem}-${image.side}.${extension}`;
      images.push({
        fileName,
        content: openImage(deps.documentKey, image, { imageId: image.id, userId: image.userId }),
      });
      fileNames.push(fileName);
    }
    const { rejection, ...submission } = toSubmission(row);
    return {
      ...submission,
      documentType: IDENTITY_DOCUMENT_TYPE_LABELS[row.documentType],
      rejectionReason: rejection?.reasonLabel ?? null,
      rejectionNote: rejection?.note ?? null,
      images: fileNames,
    };
  });
  return { verifications, images };
}

/**
 * Tells the operator, at start, that stored images were sealed under another key than the one
 * loaded: they cannot be opened until IDENTITY_DOCUMENTS_KEY names it. The server still starts,
 * since everything else works. Called once migrations have run (the table may not exist before).
 */
export async function warnOfImagesUnderOtherKeys(
  db: Executor,
  documentKey: DocumentKey,
  log: { error: (message: string) => void },
): Promise<number> {
  const unreadable = await countImagesSealedWithOtherKeys(db, { keyId: documentKey.keyId });
  if (unreadable > 0) {
    log.error(
      `${unreadable} identity document images were sealed with another key than the one loaded: set IDENTITY_DOCUMENTS_KEY to the key they were sealed with`,
    );
  }
  return unreadable;
}

/** Reads and writes of this module that other modules call: its repository stays private to it. */
export {
  deleteIdentityRecordsClosedBefore,
  deleteUnclaimedImagesBefore,
} from './identity.repo.ts';
