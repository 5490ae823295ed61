import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createSecretKey,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IDENTITY_MESSAGES } from '@vestora/shared';
import type { AppConfig } from '../../config/env.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Identity images are sealed with AES-256-GCM under a key that never enters the database
 * (IDENTITY_DOCUMENTS_KEY, or a file under DATA_DIR), so a stolen database or backup alone shows
 * no document.
 */
export interface DocumentKey {
  /** The first 16 hex characters of the key's SHA-256: stored on each row to name the key, not reveal it. */
  readonly keyId: string;
  readonly sealingKey: KeyObject;
  /**
   * Signs the reviewers' document links. Derived from the document key rather than read from the
   * database, so someone who can only read the database cannot forge a link.
   */
  readonly linkKey: KeyObject;
}

export interface SealedImage {
  keyId: string;
  nonce: Buffer;
  ciphertext: Buffer;
  authTag: Buffer;
}

/** The row a sealed image belongs to: bound into its authentication, so rows cannot be swapped. */
export interface ImageBinding {
  imageId: string;
  userId: string;
}

/** Where the key generated for a single machine lives, under DATA_DIR. */
export const DOCUMENT_KEY_FILE = 'identity-documents.key';

const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const LINK_KEY_LABEL = 'vestora identity document links v1';

/** The document key: IDENTITY_DOCUMENTS_KEY when set, else the one generated once under DATA_DIR. */
export async function loadDocumentKey(
  config: Pick<AppConfig, 'dataDir' | 'identityDocuments'>,
): Promise<DocumentKey> {
  return documentKeyFrom(config.identityDocuments.key ?? (await readOrCreateKeyFile(config.dataDir)));
}

export function documentKeyFrom(key: Buffer): DocumentKey {
  if (key.length !== KEY_BYTES) throw new Error(`an identity document key is ${KEY_BYTES} bytes`);
  const linkKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), LINK_KEY_LABEL, KEY_BYTES));
  return {
    keyId: createHash('sha256').update(key).digest('hex').slice(0, 16),
    sealingKey: createSecretKey(Buffer.from(key)),
    linkKey: createSecretKey(linkKey),
  };
}

/**
 * Reads the key file, or creates it. Two processes starting together on one DATA_DIR must agree:
 * the key is written whole to a file of its own and then linked into place, which fails if the
 * other process linked first, whose key is then read.
 */
async function readOrCreateKeyFile(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, DOCUMENT_KEY_FILE);
  const existing = await readKeyFile(file);
  if (existing) return existing;
  await mkdir(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(draft, `${randomBytes(KEY_BYTES).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if (!isErrorCode(error, 'EEXIST')) throw error;
  } finally {
    await unlink(draft);
  }
  const key = await readKeyFile(file);
  if (!key) throw new Error(`${file} vanished while it was being created`);
  return key;
}

async function readKeyFile(file: string): Promise<Buffer | undefined> {
  let text: string;
  try {
    text = (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) return undefined;
    throw error;
  }
  if (!/^[0-9a-fA-F]{64}$/.test(text)) {
    throw new Error(
      `${file} does not hold an identity document key (64 hexadecimal characters): restore it from your backup of the key, or set IDENTITY_DOCUMENTS_KEY`,
    );
  }
  return Buffer.from(text, 'hex');
}

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}

function associatedData({ imageId, userId }: ImageBinding): Buffer {
  return Buffer.from(`vestora identity image ${imageId} of ${userId}`, 'utf8');
}

/** Seals an image for its row; each image has its own random nonce. */
export function sealImage(key: DocumentKey, plaintext: Buffer, binding: ImageBinding): SealedImage {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.sealingKey, nonce);
  cipher.setAAD(associatedData(binding));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { keyId: key.keyId, nonce, ciphertext, authTag: cipher.getAuthTag() };
}

/**
 * The image's bytes. Sealed under another key: 503 naming the setting, since the operator, not the
 * caller, must act. Altered bytes or a row moved to another image fail authentication: an error
 * for the log, never a wrong picture.
 */
export function openImage(key: DocumentKey, sealed: SealedImage, binding: ImageBinding): Buffer {
  if (sealed.keyId !== key.keyId) throw new AppError('UNAVAILABLE', IDENTITY_MESSAGES.documentKeyMismatch);
  const decipher = createDecipheriv('aes-256-gcm', key.sealingKey, sealed.nonce);
  decipher.setAAD(associatedData(binding));
  decipher.setAuthTag(sealed.authTag);
  try {
    return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
  } catch {
    throw new Error(`identity image ${binding.imageId} failed authentication: its row was altered`);
  }
}
