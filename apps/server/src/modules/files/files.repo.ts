import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appSecrets, deposits, gateways, storedFiles } from '../../db/schema/index.ts';

export type StoredFileRow = typeof storedFiles.$inferSelect;

export async function insertStoredFile(
  db: Executor,
  values: { storageKey: string; mimeType: string; sizeBytes: number; sha256: string; ownerId: string | null },
): Promise<StoredFileRow> {
  const [row] = await db.insert(storedFiles).values(values).returning();
  if (!row) throw new Error('file insert returned nothing');
  return row;
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

export async function readSecret(db: Executor, { name }: { name: string }): Promise<string | undefined> {
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  return row?.value;
}
