import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from '../src/config/env.ts';

/** Receivers run on 127.0.0.1: allowed here, refused in the suite that keeps the default. */
export const LOCAL_WEBHOOKS: AppConfig['webhooks'] = {
  allowPrivateNetworks: true,
  pollIntervalMs: 50,
  timeoutMs: 1000,
};

const SENDER_PROCESS = fileURLToPath(new URL('./webhook-sender-process.ts', import.meta.url));

/**
 * A server process whose webhook sender runs on `databaseUrl`, for the tests that kill it with
 * SIGKILL in the middle of a delivery; resolves once its sender has started.
 */
export async function startSenderProcess(
  databaseUrl: string,
): Promise<ChildProcessByStdio<null, Readable, Readable>> {
  const child = spawn(process.execPath, ['--import', 'tsx', SENDER_PROCESS], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`the sender process exited (${code}): ${output}`)));
  });
  return child;
}

/** Kills the sender process at once, as a crash would, and waits until it is gone. */
export async function killSenderProcess(child: ChildProcessByStdio<null, Readable, Readable>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
