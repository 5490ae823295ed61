import type { IdentityRejectionReason, IdentityStatus } from '@vestora/shared';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { identityImages, identityVerifications, users } from '../../db/schema/index.ts';

export type VerificationRow = typeof identityVerifications.$inferSelect;
export type IdentityImageRow = typeof identityImages.$inferSelect;

/** An image's row without its sealed bytes: what lists and checks read. */
const imageSummaryColumns = {
  id: identityImages.id,
  userId: identityImages.userId,
  verificationId: identityImages.verificationId,
  side: identityImages.side,
  mimeType: identityImages.mimeType,
  createdAt: identityImages.createdAt,
};
export type IdentityImageSummary = Pick<IdentityImageRow, keyof typeof imageSummaryColumns>;

export async function insertIdentityImage(
  db: Executor,
  values: typeof identityImages.$inferInsert,
): Promise<IdentityImageSummary> {
  const [row] = await db.insert(identityImages).values(values).returning(imageSummaryColumns);
  if (!row) throw new Error('insert into identity_images returned no row');
  return row;
}

export async function countUnclaimedImages(db: Executor, { userId }: { userId: string }): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(identityImages)
    .where(and(eq(identityImages.userId, userId), isNull(identityImages.verificationId)));
  return row?.total ?? 0;
}

/** The named images, whoever owns them: the caller checks owner, claim and side. */
export async function findImagesByIds(
  db: Executor,
  { ids }: { ids: string[] },
): Promise<IdentityImageSummary[]> {
  return db.select(imageSummaryColumns).from(identityImages).where(inArray(identityImages.id, ids));
}

/** Attaches the images to the submission; only the user's own unclaimed ones move. */
export async function claimImages(
  db: Executor,
  { ids, userId, verificationId }: { ids: string[]; userId: string; verificationId: string },
): Promise<number> {
  const rows = await db
    .update(identityImages)
    .set({ verificationId })
    .where(
      and(
        inArray(identityImages.id, ids),
        eq(identityImages.userId, userId),
        isNull(identityImages.verificationId),
      ),
    )
    .returning({ id: identityImages.id });
  return rows.length;
}

/** The images of these submissions, sealed bytes included. */
export async function listSealedImagesOf(
  db: Executor,
  { verificationIds }: { verificationIds: string[] },
): Promise<IdentityImageRow[]> {
  if (verificationIds.length === 0) return [];
  return db
    .select()
    .from(identityImages)
    .where(inArray(identityImages.verificationId, verificationIds))
    .orderBy(asc(identityImages.createdAt), asc(identityImages.id));
}

export async function listImageSummariesOf(
  db: Executor,
  { verificationId }: { verificationId: string },
): Promise<IdentityImageSummary[]> {
  return db
    .select(imageSummaryColumns)
    .from(identityImages)
    .where(eq(identityImages.verificationId, verificationId));
}

/** A claimed image with its sealed bytes; an unclaimed one is nobody's to review yet. */
export async function findClaimedImage(
  db: Executor,
  { id }: { id: string },
): Promise<IdentityImageRow | undefined> {
  const [row] = await db
    .select()
    .from(identityImages)
    .where(and(eq(identityImages.id, id), isNotNull(identityImages.verificationId)));
  return row;
}

/** Whether any image was sealed under another key than `keyId`: the operator changed or lost it. */
export async function countImagesSealedWithOtherKeys(db: Executor, { keyId }: { keyId: string }) {
  const [row] = await db
    .select({ total: count() })
    .from(identityImages)
    .where(ne(identityImages.keyId, keyId));
  return row?.total ?? 0;
}

export async function insertVerification(
  db: Executor,
  values: typeof identityVerifications.$inferInsert,
): Promise<VerificationRow> {
  const [row] = await db.insert(identityVerifications).values(values).returning();
  if (!row) throw new Error('insert into identity_verifications returned no row');
  return row;
}

/** The submission that waits or was approved: at most one, by the partial unique index. */
export async function findOpenVerification(
  db: Executor,
  { userId }: { userId: string },
): Promise<VerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(identityVerifications)
    .where(
      and(
        eq(identityVerifications.userId, userId),
        inArray(identityVerifications.status, ['pending', 'approved']),
      ),
    );
  return row;
}

/** The person's submissions, newest first. */
function verificationsOf(db: Executor, userId: string) {
  return db
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.userId, userId))
    .orderBy(desc(identityVerifications.submittedAt), desc(identityVerifications.id));
}

export async function listVerificationsOf(
  db: Executor,
  { userId }: { userId: string },
): Promise<VerificationRow[]> {
  return verificationsOf(db, userId);
}

export async function findLatestVerification(
  db: Executor,
  { userId }: { userId: string },
): Promise<VerificationRow | undefined> {
  const [row] = await verificationsOf(db, userId).limit(1);
  return row;
}

/** Locks the submission: two reviewers deciding at once are served one after the other. */
export async function lockVerification(
  db: Executor,
  { id }: { id: string },
): Promise<VerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.id, id))
    .for('update');
  return row;
}

export async function recordVerificationDecision(
  db: Executor,
  {
    id,
    status,
    reviewerId,
    reviewedAt,
    rejectionReason,
    rejectionNote,
  }: {
    id: string;
    status: Exclude<IdentityStatus, 'pending'>;
    reviewerId: string;
    reviewedAt: Date;
    rejectionReason: IdentityRejectionReason | null;
    rejectionNote: string | null;
  },
): Promise<void> {
  await db
    .update(identityVerifications)
    .set({ status, reviewerId, reviewedAt, rejectionReason, rejectionNote })
    .where(eq(identityVerifications.id, id));
}

const reviewers = alias(users, 'reviewers');

/** A submission with the account it belongs to and its reviewer's name, as the reviewers read it. */
const queueColumns = {
  verification: identityVerifications,
  userName: users.userName,
  fullName: users.fullName,
  email: users.email,
  accountCreatedAt: users.createdAt,
  reviewerName: reviewers.fullName,
};
export type VerificationWithAccount = {
  verification: VerificationRow;
  userName: string;
  fullName: string;
  email: string;
  accountCreatedAt: Date;
  reviewerName: string | null;
};

/** One status's submissions, oldest first. */
export async function listVerificationQueue(
  db: Executor,
  { status, page, pageSize }: { status: IdentityStatus; page: number; pageSize: number },
): Promise<{ rows: VerificationWithAccount[]; total: number }> {
  const where = eq(identityVerifications.status, status);
  const [rows, [totals]] = await Promise.all([
    db
      .select(queueColumns)
      .from(identityVerifications)
      .innerJoin(users, eq(users.id, identityVerifications.userId))
      .leftJoin(reviewers, eq(reviewers.id, identityVerifications.reviewerId))
      .where(where)
      .orderBy(asc(identityVerifications.submittedAt), asc(identityVerifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(identityVerifications).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findVerificationWithAccount(
  db: Executor,
  { id }: { id: string },
): Promise<VerificationWithAccount | undefined> {
  const [row] = await db
    .select(queueColumns)
    .from(identityVerifications)
    .innerJoin(users, eq(users.id, identityVerifications.userId))
    .leftJoin(reviewers, eq(reviewers.id, identityVerifications.reviewerId))
    .where(eq(identityVerifications.id, id));
  return row;
}

/** Accounts closed before `closedBefore`: their identity documents are past retention. */
const closedBefore = (before: Date) =>
  sql`(select id from ${users} where ${users.status} = 'deleted' and ${users.closedAt} < ${before})`;

/**
 * Deletes every image and submission of accounts closed before `before`, unclaimed images too;
 * the submissions' images go with them by the foreign key's cascade. The audit log keeps its entries.
 */
export async function deleteIdentityRecordsClosedBefore(
  db: Executor,
  { before }: { before: Date },
): Promise<{ verifications: number; images: number }> {
  const images = await db
    .delete(identityImages)
    .where(sql`${identityImages.userId} in ${closedBefore(before)}`)
    .returning({ id: identityImages.id });
  const verifications = await db
    .delete(identityVerifications)
    .where(sql`${identityVerifications.userId} in ${closedBefore(before)}`)
    .returning({ id: identityVerifications.id });
  return { verifications: verifications.length, images: images.length };
}

/** Images uploaded before `before` and never sent in a submission. */
export async function deleteUnclaimedImagesBefore(
  db: Executor,
  { before }: { before: Date },
): Promise<number> {
  const rows = await db
    .delete(identityImages)
    .where(and(isNull(identityImages.verificationId), lt(identityImages.createdAt, before)))
    .returning({ id: identityImages.id });
  return rows.length;
}
