import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const E2E_ADMIN = {
  email: 'admin@example.com',
  password: 'Admin#Pass1',
  fullName: 'Site Administrator',
};

export interface RunningServer {
  process: ChildProcess;
  baseUrl: string;
  /** The process that serves: the child itself, or the node process behind `npm start`. */
  serverPid(): Promise<number>;
  output(): string;
}

/** A data directory the embedded PostgreSQL (running as its own user when we are root) can enter. */
export async function freshDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vestora-e2e-'));
  await chmod(dataDir, 0o755);
  return dataDir;
}

/**
 * Starts the platform on the embedded PostgreSQL and resolves once it answers. `command` is the
 * built entry point by default; the crash test starts it with the README's `npm start` instead.
 */
export async function startServer({
  dataDir,
  port,
  command = [process.execPath, path.join(ROOT, 'apps/server/dist/main.js')],
  env = {},
}: {
  dataDir: string;
  port?: number;
  command?: string[];
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const listenPort = port ?? (await freePort());
  const [executable = 'node', ...args] = command;
  const child = spawn(executable, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(listenPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Every browser test and benchmark client comes from 127.0.0.1; the limits have tests of their own.
      RATE_LIMIT_PER_MINUTE: '100000',
      SIGNUPS_PER_HOUR: '100000',
      MAX_PENDING_DEPOSITS: '1000',
      MAX_PENDING_WITHDRAWALS: '1000',
      MAX_OPEN_TICKETS: '1000',
      // Suites save a withdrawal address and use it at once; the cool-off has a browser test with a
      // server of its own (e2e/user/withdrawal-safety.spec.ts).
      WITHDRAWAL_ADDRESS_COOLOFF_HOURS: '0',
      // A suite signs the administrator in once and acts through the API for many minutes; the
      // few-minute window of staff sudo mode has its tests in the server suite (insider.test.ts)
      // and the console's password prompt a browser test of its own.
      STAFF_REAUTH_MINUTES: '60',
      // The seeded administrator acts without a second factor in the suites; the console's gate
      // for the default (on) has its browser test (e2e/admin-console/two-factor-gate.spec.ts).
      REQUIRE_ADMIN_2FA: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Vestora is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code ?? signal}:\n${output}`));
    });
  });
  const isNpm = path.basename(executable) === 'npm';
  return {
    process: child,
    baseUrl: `http://127.0.0.1:${listenPort}`,
    // npm does not pass signals on to the server it started; the server names itself in its lock file.
    serverPid: async () =>
      isNpm
        ? Number.parseInt(await readFile(path.join(dataDir, 'server.pid'), 'utf8'), 10)
        : (child.pid ?? 0),
    output: () => output,
  };
}

/** SIGTERM to the serving process, as an operator would send; resolves once it has shut down. */
export async function stopServer(server: RunningServer): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  process.kill(await server.serverPid(), 'SIGTERM');
  await exited;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** The connection address of the embedded PostgreSQL a running server started under `dataDir`. */
export async function embeddedDatabaseUrl(dataDir: string): Promise<string> {
  const postmaster = (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n');
  const password = (await readFile(path.join(dataDir, '.postgres-password'), 'utf8')).trim();
  return `postgres://vestora:${encodeURIComponent(password)}@127.0.0.1:${postmaster[3]}/postgres`;
}
