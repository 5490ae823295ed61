import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { keepExitCode } from '../../apps/server/test/keep-exit-code.ts';
import { freshDataDir, startServer, stopServer } from './server.ts';

export { E2E_ADMIN } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: without SMTP_URL its e-mails are .eml files under `outbox/` there. */
    dataDir: string;
  }
}

/** The built app served by the real server on the embedded PostgreSQL, on a fresh data directory. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  keepExitCode();
  const dataDir = await freshDataDir();
  const server = await startServer({ dataDir });
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', dataDir);
  return async () => {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  };
}
