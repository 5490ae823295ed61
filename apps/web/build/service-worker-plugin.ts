import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const OUTPUT_FILE = 'sw.js';
/** The global the worker's source declares (src/service-worker/service-worker.ts) and the build fills in. */
const VERSION_GLOBAL = 'SERVICE_WORKER_VERSION';
/** The public files the worker stores at install (its PRECACHED list): part of a release's identity. */
const PRECACHED_FILES = ['offline.html', 'offline.js'];

/**
 * Builds the service worker into the app's own bundle as `/sw.js` (a fixed name, at the root so its
 * scope is the whole site) and stamps it with a hash of the release: the name of every file the
 * build emitted (Vite names them by their content) and the precached pages. Any change to the app
 * therefore changes the worker's bytes, which is how a browser learns of a new release. `entry` is
 * relative to the app's root.
 */
export function serviceWorker(entry: string): Plugin {
  let entryPath = '';
  let publicDir = '';
  let isSsrBuild = false;
  return {
    name: 'vestora-service-worker',
    apply: 'build',
    configResolved(config) {
      entryPath = path.resolve(config.root, entry);
      publicDir = config.publicDir;
      isSsrBuild = Boolean(config.build.ssr);
    },
    buildStart() {
      if (!isSsrBuild) this.emitFile({ type: 'chunk', id: entryPath, fileName: OUTPUT_FILE });
    },
    generateBundle(_options, bundle) {
      const worker = bundle[OUTPUT_FILE];
      if (!worker) return;
      if (worker.type !== 'chunk' || !worker.code.includes(VERSION_GLOBAL)) {
        this.error(
          `${OUTPUT_FILE} does not read ${VERSION_GLOBAL}: it could never tell one release from the next.`,
        );
      }
      const release = createHash('sha256');
      for (const fileName of Object.keys(bundle).sort()) release.update(fileName);
      for (const file of PRECACHED_FILES) release.update(readFileSync(path.join(publicDir, file)));
      worker.code = worker.code.replaceAll(
        VERSION_GLOBAL,
        JSON.stringify(release.digest('hex').slice(0, 12)),
      );
    },
  };
}
