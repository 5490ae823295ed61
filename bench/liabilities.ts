/**
 * How long a proof-of-liabilities snapshot of 100,000 users takes, on a fresh embedded PostgreSQL:
 * `npx tsx bench/liabilities.ts` alone, or as part of `npm run bench`. The users and their balances
 * are seeded with SQL (the API would take minutes); the snapshot runs through the server's own code.
 */

import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import {
  getLiabilityProof,
  takeSnapshot,
} from '../apps/server/src/modules/liabilities/liabilities.service.ts';

const USERS = Number(process.env.BENCH_LIABILITY_USERS ?? 100_000);

/** Every user gets an available balance; every third one money invested and every seventh one held. */
async function seedBalances(databaseUrl: string): Promise<void> {
  const connection = connectDatabase(databaseUrl, { max: 1 });
  await connection.pool.query(
    `insert into users (user_name, full_name, email, password_hash)
     select 'holder' || i, 'Seeded Holder ' || i, 'holder' || i || '@example.com', 'not-a-hash'
     from generate_series(1, $1::int) as i`,
    [USERS],
  );
  await connection.pool.query(
    `insert into ledger_accounts (user_id, kind, balance_cents)
     select u.id, k.kind,
            case k.kind when 'available' then 100 + (n * 7919) % 5000000
                        when 'invested' then case when n % 3 = 0 then 10000 + n % 90000 else 0 end
                        else case when n % 7 = 0 then 2500 else 0 end end
     from (select id, row_number() over (order by id) as n from users where user_name like 'holder%') u
     cross join (values ('available'), ('withdrawal_hold'), ('invested')) as k(kind)`,
  );
  await connection.pool.query('analyze');
  await connection.close();
}

export interface LiabilityBench {
  users: number;
  firstMs: number;
  secondMs: number;
  proofMs: number;
  cpuMs: number;
  resultsLine: string;
}

export async function benchLiabilities(): Promise<LiabilityBench> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vestora-bench-liabilities-'));
  // As root the embedded server runs as its own user, which must reach the directory.
  await chmod(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres(dataDir, { info: () => {}, warn: console.warn });
  try {
    await migrateDatabase(embedded.url);
    await seedBalances(embedded.url);
    const connection = connectDatabase(embedded.url, { max: 4 });
    try {
      // Wall time, and the CPU time this process spent (hashing, signing): on a shared machine the
      // second says what the work costs when the first is stretched by other load.
      const timed = async <T>(work: () => Promise<T>) => {
        const started = performance.now();
        const cpuBefore = process.cpuUsage();
        const result = await work();
        const cpu = process.cpuUsage(cpuBefore);
        return {
          result,
          ms: Math.round(performance.now() - started),
          cpuMs: Math.round((cpu.user + cpu.system) / 1000),
        };
      };
      // The first run also creates the signing and salt keys; the second is a day's routine.
      const first = await timed(() => takeSnapshot(connection.db, systemClock));
      const second = await timed(() => takeSnapshot(connection.db, systemClock));
      const { rows } = await connection.pool.query<{ id: string }>(
        "select id from users where user_name = 'holder4242'",
      );
      const userId = rows[0]?.id as string;
      const proof = await timed(() => getLiabilityProof(connection.db, { userId, snapshotId: undefined }));
      const users = second.result.userCount;
      return {
        users,
        firstMs: first.ms,
        secondMs: second.ms,
        proofMs: proof.ms,
        cpuMs: second.cpuMs,
        resultsLine:
          `Proof-of-liabilities snapshot of ${users.toLocaleString('en-US')} users (embedded PostgreSQL; read, ` +
          `shuffle, hash, sign, store): ${(second.ms / 1000).toFixed(2)} s wall, ${(second.cpuMs / 1000).toFixed(2)} s ` +
          `of it Node CPU, at load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores (goal ≤ 5 s); ` +
          `the first, creating the keys: ${(first.ms / 1000).toFixed(2)} s; one user's proof: ${proof.ms} ms.`,
      };
    } finally {
      await connection.close();
    }
  } finally {
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log((await benchLiabilities()).resultsLine);
}
