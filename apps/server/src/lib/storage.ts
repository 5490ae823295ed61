import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Callers see only keys, so an object-storage backend can replace the disk. */
export interface FileStorage {
  put(content: Buffer): Promise<string>;
  get(key: string): Promise<Buffer>;
}

/** Files under `root` (inside DATA_DIR, outside anything served), named by random keys. */
export function createDiskStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    if (!/^[a-f0-9]{32}$/.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(content) {
      const key = randomBytes(16).toString('hex');
      const file = pathOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, content, { mode: 0o600 });
      return key;
    },
    get: (key) => fs.readFile(pathOf(key)),
  };
}
