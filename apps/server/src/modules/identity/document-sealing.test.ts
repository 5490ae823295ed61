import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IDENTITY_MESSAGES } from '@vestora/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { AppError } from '../../lib/errors.ts';
import {
  DOCUMENT_KEY_FILE,
  documentKeyFrom,
  loadDocumentKey,
  openImage,
  sealImage,
} from './document-sealing.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vestora-key-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const unset = () => ({ dataDir, identityDocuments: { key: undefined, retentionMs: 0 } });
const binding = {
  imageId: '3f0e7a52-5a7c-4a55-9d4b-7b5c1f1f2b10',
  userId: '0c9a2d43-1f0e-4f55-8a53-2d2f5b9e6a01',
};

describe('the identity document key', () => {
  it('is generated once under DATA_DIR, readable by its owner only, and the same for processes starting together', async () => {
    const keys = await Promise.all(Array.from({ length: 8 }, () => loadDocumentKey(unset())));
    expect(new Set(keys.map((key) => key.keyId)).size).toBe(1);
    const file = path.join(dataDir, DOCUMENT_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);
    // Only the key file is left: no draft of a process that lost the race.
    expect(await readdir(dataDir)).toEqual([DOCUMENT_KEY_FILE]);
    expect((await loadDocumentKey(unset())).keyId).toBe(keys[0]?.keyId);
  });

  it('comes from IDENTITY_DOCUMENTS_KEY in hex or base64, and anything else is refused naming the setting', async () => {
    const raw = randomBytes(32);
    const fromHex = loadConfig({ IDENTITY_DOCUMENTS_KEY: raw.toString('hex') }).identityDocuments.key;
    const fromBase64 = loadConfig({ IDENTITY_DOCUMENTS_KEY: raw.toString('base64') }).identityDocuments.key;
    expect(fromHex).toEqual(raw);
    expect(fromBase64).toEqual(raw);
    for (const bad of ['secret', raw.toString('hex').slice(2), randomBytes(16).toString('base64')]) {
      expect(() => loadConfig({ IDENTITY_DOCUMENTS_KEY: bad })).toThrow(/IDENTITY_DOCUMENTS_KEY: must be 32/);
    }
    const key = await loadDocumentKey({ dataDir, identityDocuments: { key: raw, retentionMs: 0 } });
    expect(key.keyId).toBe(documentKeyFrom(raw).keyId);
    // A key from the setting writes no file.
    await expect(stat(path.join(dataDir, DOCUMENT_KEY_FILE))).rejects.toThrow(/ENOENT/);
  });

  it('refuses a damaged key file, naming the setting to use instead', async () => {
    await writeFile(path.join(dataDir, DOCUMENT_KEY_FILE), 'not a key\n');
    await expect(loadDocumentKey(unset())).rejects.toThrow(/IDENTITY_DOCUMENTS_KEY/);
  });

  it('keeps five years after closure by default', () => {
    expect(loadConfig({}).identityDocuments.retentionMs).toBe(1825 * 24 * 3_600_000);
    expect(loadConfig({ IDENTITY_RETENTION_DAYS: '30' }).identityDocuments.retentionMs).toBe(
      30 * 24 * 3_600_000,
    );
  });
});

describe('sealing an image', () => {
  const key = documentKeyFrom(randomBytes(32));
  const photo = randomBytes(4096);

  it('hides the bytes, uses a fresh nonce each time, and opens to the same bytes', () => {
    const sealed = sealImage(key, photo, binding);
    expect(sealed.ciphertext.equals(photo)).toBe(false);
    expect(sealed.ciphertext.includes(photo.subarray(0, 32))).toBe(false);
    expect(sealed.nonce).toHaveLength(12);
    expect(sealed.keyId).toBe(key.keyId);
    expect(sealImage(key, photo, binding).nonce.equals(sealed.nonce)).toBe(false);
    expect(openImage(key, sealed, binding).equals(photo)).toBe(true);
  });

  it('will not open for another row: the image id and the owner are bound to it', () => {
    const sealed = sealImage(key, photo, binding);
    expect(() => openImage(key, sealed, { ...binding, imageId: randomUUID() })).toThrow(
      /failed authentication/,
    );
    expect(() => openImage(key, sealed, { ...binding, userId: randomUUID() })).toThrow(
      /failed authentication/,
    );
    const altered = { ...sealed, ciphertext: Buffer.from(sealed.ciphertext) };
    altered.ciphertext[0] = (altered.ciphertext[0] ?? 0) ^ 1;
    expect(() => openImage(key, altered, binding)).toThrow(/failed authentication/);
  });

  it('under another key: a 503 that names the setting', () => {
    const sealed = sealImage(documentKeyFrom(randomBytes(32)), photo, binding);
    let refusal: unknown;
    try {
      openImage(key, sealed, binding);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 503, message: IDENTITY_MESSAGES.documentKeyMismatch });
  });

  it('signs links with a key of its own, derived from the document key', () => {
    const raw = randomBytes(32);
    const derived = documentKeyFrom(raw);
    expect(derived.linkKey.export().equals(raw)).toBe(false);
    expect(derived.linkKey.export().equals(documentKeyFrom(raw).linkKey.export())).toBe(true);
  });
});
