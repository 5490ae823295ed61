import type { Database, Executor } from '../../db/client.ts';
import { insertSecretIfMissing, readSecret } from './app-secrets.repo.ts';

export { readSecret };

/**
 * The server-wide secret `name`, made by `create` on the first start: whichever process inserts
 * first wins and every process reads the winner back, so all of them sign (or salt) alike.
 */
export async function sharedSecret(db: Executor, name: string, create: () => string): Promise<string> {
  const stored = await readSecret(db, { name });
  if (stored !== undefined) return stored;
  await insertSecretIfMissing(db, { name, value: create() });
  const winner = await readSecret(db, { name });
  if (winner === undefined) throw new Error(`the server secret ${name} is missing`);
  return winner;
}

/**
 * `load` run once per database and its answer kept, for keys read on every request; a failed load
 * is forgotten, so the next call tries again.
 */
export function oncePerDatabase<T>(load: (db: Database) => Promise<T>): (db: Database) => Promise<T> {
  const loaded = new WeakMap<Database, Promise<T>>();
  return (db) => {
    let value = loaded.get(db);
    if (!value) {
      value = load(db);
      value.catch(() => loaded.delete(db));
      loaded.set(db, value);
    }
    return value;
  };
}
