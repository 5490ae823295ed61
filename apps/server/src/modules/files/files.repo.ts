import { and, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { deposits, gateways, storedFileContents, storedFiles } from '../../db/schema/index.ts';

export type StoredFileRow = typeof storedFiles.$inferSelect;

/** The file's record and its bytes, in the caller's transaction. */
export async function insertStoredFile(
  db: Executor,
  values: { content: Buffer; mimeType: string; sizeBytes: number; sha256: string; ownerId: string | null },
): Promise<StoredFileRow> {
  const { content, ...record } = values;
  const [row] = await db.insert(storedFiles).values(record).returning();
  if (!row) throw new Error('file insert returned nothing');
  await db.insert(storedFileContents).values({ fileId: row.id, content });
  return row;
}

export async function findFileContent(db: Executor, { id }: { id: string }): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ content: storedFileContents.content })
    .from(storedFileContents)
    .where(eq(storedFileContents.fileId, id));
  return row?.content;
}

/** Removes a file and (by cascade) its bytes, for every process at once. */
export async function deleteStoredFile(db: Executor, { id }: { id: string }): Promise<void> {
  await db.delete(storedFiles).where(eq(storedFiles.id, id));
}

/** Files an older version wrote to disk, not yet moved into the database. */
export async function listFilesOnDisk(db: Executor): Promise<{ id: string; storageKey: string }[]> {
  const rows = await db
    .select({ id: storedFiles.id, storageKey: storedFiles.storageKey })
    .from(storedFiles)
    .where(isNotNull(storedFiles.storageKey));
  return rows.flatMap((row) => (row.storageKey ? [{ id: row.id, storageKey: row.storageKey }] : []));
}

/** Stores the bytes of a file that was on disk; false when another process moved it first. */
export async function moveFileContentIn(
  db: Executor,
  { id, storageKey, content }: { id: string; storageKey: string; content: Buffer },
): Promise<boolean> {
  const claimed = await db
    .update(storedFiles)
    .set({ storageKey: null })
    .where(and(eq(storedFiles.id, id), eq(storedFiles.storageKey, storageKey)))
    .returning({ id: storedFiles.id });
  if (claimed.length === 0) return false;
  await db.insert(storedFileContents).values({ fileId: id, content }).onConflictDoNothing();
  return true;
}

export async function findStoredFile(
  db: Executor,
  { id }: { id: string },
): Promise<StoredFileRow | undefined> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
  return row;
}

/** Gateway QR images (and the copies deposits keep of them) are public: they only show an address. */
export async function isPublicFile(db: Executor, { id }: { id: string }): Promise<boolean> {
  const [gateway] = await db
    .select({ id: gateways.id })
    .from(gateways)
    .where(eq(gateways.imageFileId, id))
    .limit(1);
  if (gateway) return true;
  const [deposit] = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(eq(deposits.addressImageFileId, id))
    .limit(1);
  return deposit !== undefined;
}
