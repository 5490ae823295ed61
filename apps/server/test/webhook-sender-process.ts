/**
 * A server process whose webhook sender runs on DATABASE_URL, for the test that kills it with
 * SIGKILL in the middle of a delivery. Prints `ready` once the sender has started.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { connectDatabase } from '../src/db/client.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const config = loadConfig({
  DATABASE_URL: databaseUrl,
  DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'vestora-sender-')),
  LOG_LEVEL: 'silent',
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  WEBHOOK_POLL_SECONDS: '1',
  WEBHOOK_TIMEOUT_SECONDS: '60',
});
const connection = connectDatabase(databaseUrl);
const app = await buildApp({ config, db: connection.db, logger: false });
await app.ready();
process.stdout.write('ready\n');
