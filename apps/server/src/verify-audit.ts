import { existsSync } from 'node:fs';
import path from 'node:path';
import { describeAuditChain } from '@vestora/shared';
import { loadConfig } from './config/env.ts';
import { connectDatabase } from './db/client.ts';
import { type EmbeddedDatabase, runningEmbeddedUrl, startEmbeddedPostgres } from './db/embedded.ts';
import { verifyAuditChain } from './modules/audit/audit.service.ts';

/**
 * `npm run verify-audit`: walks the audit log's hash chain and prints one line. Exits 0 when it
 * holds (the line ends with the newest entry's hash, to note elsewhere: a later run that ends
 * before it shows entries cut off the end), 1 naming the first broken entry, 2 when the log could
 * not be read. The database is DATABASE_URL's, or the embedded PostgreSQL under DATA_DIR (the
 * running server's, or started here when no server runs), as for `npm run backup`.
 */
const config = loadConfig();
let embedded: EmbeddedDatabase | undefined;
let exitCode = 2;
try {
  let url = config.databaseUrl ?? (await runningEmbeddedUrl(config.dataDir));
  if (!url) {
    if (!existsSync(path.join(config.dataDir, 'postgres', 'PG_VERSION'))) {
      throw new Error(`There is no database under DATA_DIR ${config.dataDir} to verify.`);
    }
    embedded = await startEmbeddedPostgres(config.dataDir, { info: () => {}, warn: console.warn });
    url = embedded.url;
  }
  const connection = connectDatabase(url, { max: 1 });
  try {
    const status = await verifyAuditChain(connection.db);
    if (status.ok) {
      console.log(
        status.head
          ? `${describeAuditChain(status)}; newest #${status.head.seq} ${status.head.hash}`
          : describeAuditChain(status),
      );
      exitCode = 0;
    } else {
      console.log(`${describeAuditChain(status)}; entry id ${status.firstBroken.id}`);
      exitCode = 1;
    }
  } finally {
    await connection.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
}
await embedded?.stop();
process.exit(exitCode);
