import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/client.ts';
import { runAsLeader } from '../../lib/leader-job.ts';
import { runInTransaction } from '../../lib/transaction.ts';
import { listFilesOnDisk, moveFileContentIn } from './files.repo.ts';

/** One mover at a time across every process on the database. */
const DISK_IMPORT_LOCK_ID = 7_215_003;

export interface DiskImport {
  moved: number;
  /** Files recorded as on disk that this machine does not hold (another machine may). */
  missing: number;
}

/** Where versions before files moved into the database kept them: uploads/<first two>/<key>. */
function diskPathOf(uploadsDir: string, storageKey: string): string | undefined {
  if (!/^[a-f0-9]{32}$/.test(storageKey)) return undefined;
  return path.join(uploadsDir, storageKey.slice(0, 2), storageKey);
}

/**
 * Moves the files an older version wrote under `uploadsDir` into the database, once: each file's
 * bytes are committed before its disk copy is removed, a file another process already moved is
 * skipped, and an advisory lock keeps two processes starting together from doing the work twice.
 */
export async function moveDiskFilesIntoDatabase(db: Database, uploadsDir: string): Promise<DiskImport> {
  const result: DiskImport = { moved: 0, missing: 0 };
  await runAsLeader(
    db,
    DISK_IMPORT_LOCK_ID,
    async () => {
      for (const { id, storageKey } of await listFilesOnDisk(db)) {
        const file = diskPathOf(uploadsDir, storageKey);
        const content = file ? await fs.readFile(file).catch(() => undefined) : undefined;
        if (!file || !content) {
          result.missing += 1;
          continue;
        }
        const isMoved = await runInTransaction(db, (tx) =>
          moveFileContentIn(tx, { id, storageKey, content }),
        );
        if (isMoved) result.moved += 1;
        await fs.rm(file, { force: true });
      }
    },
    'wait',
  );
  return result;
}
