import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { fileRoute, MESSAGES } from '@vestora/shared';
import type { AppConfig } from '../../config/env.ts';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { readSecret } from '../app-secrets/app-secrets.service.ts';
import type { Actor } from '../sessions/actor.ts';
import {
  deleteStoredFile,
  findFileContent,
  findStoredFile,
  insertStoredFile,
  isPublicFile,
  type StoredFileRow,
} from './files.repo.ts';

/** Long enough to open a receipt from the list, short enough that a leaked link soon dies. */
const SIGNED_LINK_SECONDS = 5 * 60;

/**
 * Where a stored file is served, as answers carry it: after `fileUrlBase` (PUBLIC_URL, so a front end
 * on another origin loads it from here; or empty, a path on the address the client used).
 */
export function fileUrl(fileUrlBase: string, id: string): string {
  return `${fileUrlBase}${fileRoute.path.replace(':id', id)}`;
}

let signingKey: Promise<string> | undefined;

/** Shared by every server process on the database, so a link signed by one opens on any. */
function linkKey(db: Executor): Promise<string> {
  signingKey ??= readSecret(db, { name: 'file_link_key' }).then((value) => {
    if (!value) throw new Error('the file link signing key is missing');
    return value;
  });
  return signingKey;
}

function signature(key: string, id: string, expires: number): string {
  return createHmac('sha256', key).update(`${id}.${expires}`).digest('hex');
}

/** What a signed link is made from: the shared key, the time, and where files are served. */
export interface FileLinkDeps {
  db: Executor;
  clock: Clock;
  config: Pick<AppConfig, 'fileUrlBase'>;
}

/** A link that opens a private file without a session, for `SIGNED_LINK_SECONDS`. */
export async function signedFileUrl({ db, clock, config }: FileLinkDeps, id: string): Promise<string> {
  const expires = Math.floor(clock.now().getTime() / 1000) + SIGNED_LINK_SECONDS;
  const query = `expires=${expires}&signature=${signature(await linkKey(db), id, expires)}`;
  return `${fileUrl(config.fileUrlBase, id)}?${query}`;
}

/** Stores a file's record and bytes in the caller's transaction, so both land or neither does. */
export async function storeFile(
  db: Executor,
  file: { content: Buffer; mimeType: string; ownerId: string | null },
): Promise<StoredFileRow> {
  return insertStoredFile(db, {
    content: file.content,
    mimeType: file.mimeType,
    sizeBytes: file.content.length,
    sha256: createHash('sha256').update(file.content).digest('hex'),
    ownerId: file.ownerId,
  });
}

/** A file nobody points at any more (a replaced avatar) goes, bytes included, for every process. */
export async function removeFile(db: Executor, id: string): Promise<void> {
  await deleteStoredFile(db, { id });
}

/**
 * Who may read a file: anyone for a gateway's QR image; for anything else (proofs of payment,
 * avatars) its owner or an administrator, or whoever holds an unexpired signed link.
 */
export async function openFile(
  deps: { db: Executor; clock: Clock },
  id: string,
  access: { actor: Actor | null; expires?: string; signature?: string },
): Promise<{ file: StoredFileRow; content: Buffer; isPublic: boolean }> {
  const file = await findStoredFile(deps.db, { id });
  if (!file) throw new AppError('NOT_FOUND', MESSAGES.fileNotFound);
  const isPublic = await isPublicFile(deps.db, { id });
  if (!isPublic && !(await mayRead(deps, file, access))) {
    throw new AppError('FORBIDDEN', MESSAGES.fileLinkExpired);
  }
  // Null only while the file still waits on another machine's disk to be moved in (at its start).
  const content = await findFileContent(deps.db, { id });
  if (!content) throw new AppError('NOT_FOUND', MESSAGES.fileNotFound);
  return { file, content, isPublic };
}

async function mayRead(
  deps: { db: Executor; clock: Clock },
  file: StoredFileRow,
  { actor, expires, signature: given }: { actor: Actor | null; expires?: string; signature?: string },
): Promise<boolean> {
  if (actor && (actor.hasAdminPowers || actor.user.id === file.ownerId)) return true;
  if (!expires || !given || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Number(expires) < deps.clock.now().getTime() / 1000) return false;
  const expected = Buffer.from(signature(await linkKey(deps.db), file.id, Number(expires)), 'hex');
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
