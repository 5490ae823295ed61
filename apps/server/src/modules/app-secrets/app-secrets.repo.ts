import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appSecrets } from '../../db/schema/index.ts';

export async function readSecret(db: Executor, { name }: { name: string }): Promise<string | undefined> {
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  return row?.value;
}

/** Stores a secret unless one of that name exists; every process then reads the same value. */
export async function insertSecretIfMissing(db: Executor, { name, value }: { name: string; value: string }) {
  await db.insert(appSecrets).values({ name, value }).onConflictDoNothing();
}
