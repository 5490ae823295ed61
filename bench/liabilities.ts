/**
 * How long a solvency snapshot of 100,000 users takes, on a fresh embedded PostgreSQL, with reserves
 * on both chains (a regtest Bitcoin Core and anvil, from npm): `npx tsx bench/liabilities.ts` alone,
 * or as part of `npm run bench`. The users, their balances and 1,000 deposit addresses per chain are
 * seeded with SQL (the API would take minutes); the snapshot runs through the server's own code.
 */

import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { addressAt, parseAccountKey } from '../apps/server/src/modules/chain/chain-keys.ts';
import {
  getLiabilityProof,
  listPublishedSnapshots,
  takeSnapshot,
} from '../apps/server/src/modules/liabilities/liabilities.service.ts';
import { startAnvil, startBitcoind } from '../apps/server/test/chain-nodes.ts';
import { TEST_WALLET } from '../apps/server/test/test-wallet.ts';

const USERS = Number(process.env.BENCH_LIABILITY_USERS ?? 100_000);
const DEPOSIT_ADDRESSES = 1000;

/**
 * Reserves on both chains: a funded address per chain and the platform's deposit keys with 1,000
 * handed-out addresses each. The rows are written as registration writes them; the snapshot reads
 * balances and never re-checks signatures, so these carry none.
 */
async function seedReserves(
  databaseUrl: string,
  { bitcoinAddress, etherAddress }: { bitcoinAddress: string; etherAddress: string },
): Promise<void> {
  const connection = connectDatabase(databaseUrl, { max: 1 });
  const keys = { btc: TEST_WALLET.bitcoinRegtestVpub, eth: TEST_WALLET.ethereumXpub } as const;
  for (const coin of ['btc', 'eth'] as const) {
    const { rows } = await connection.pool.query<{ id: string }>(
      'insert into chain_wallets (coin, xpub, confirmations) values ($1, $2, 3) returning id',
      [coin, keys[coin]],
    );
    const account = parseAccountKey(coin, keys[coin], 'regtest');
    const addresses = Array.from({ length: DEPOSIT_ADDRESSES }, (_, index) =>
      addressAt(coin, account, index, 'regtest'),
    );
    await connection.pool.query(
      `insert into deposit_addresses (user_id, wallet_id, address_index, address)
       select u.id, $1, a.i - 1, a.address
       from unnest($2::text[]) with ordinality as a(address, i)
       join (select id, row_number() over (order by id) as n from users order by id limit $3) u on u.n = a.i`,
      [rows[0]?.id, addresses, DEPOSIT_ADDRESSES],
    );
    await connection.pool.query(
      `insert into reserve_addresses (coin, kind, address, account_key, child_index, challenge, signature_type, signature)
       values ($1, 'account', $2, $3, 0, 'bench', $4, 'bench')`,
      [coin, addresses[0], keys[coin], coin === 'btc' ? 'bip322-simple' : 'eip191'],
    );
  }
  await connection.pool.query(
    `insert into reserve_addresses (coin, kind, address, challenge, signature_type, signature)
     values ('btc', 'address', $1, 'bench', 'bitcoin-legacy', 'bench'),
            ('eth', 'address', $2, 'bench', 'eip191', 'bench')`,
    [bitcoinAddress, etherAddress],
  );
  await connection.pool.query(
    `insert into exchange_rates (coin, usd_cents, set_at) values ('btc', 5000000, now()), ('eth', 300000, now())
     on conflict (coin) do update set usd_cents = excluded.usd_cents`,
  );
  await connection.close();
}

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
  const [bitcoin, ethereum] = await Promise.all([startBitcoind(), startAnvil()]);
  try {
    await bitcoin.rpc('generate', [101]);
    const bitcoinAddress = await bitcoin.rpc<string>('getnewaddress');
    await bitcoin.rpc('sendtoaddress', [bitcoinAddress, 2]);
    await bitcoin.rpc('generate', [1]);
    const [etherAddress] = await ethereum.rpc<string[]>('eth_accounts');
    await migrateDatabase(embedded.url);
    await seedBalances(embedded.url);
    await seedReserves(embedded.url, { bitcoinAddress, etherAddress: etherAddress as string });
    const solvency = {
      publicUrl: 'https://invest.example.com',
      chain: {
        ...loadConfig({}).chain,
        bitcoinNetwork: 'regtest' as const,
        bitcoinRpcUrl: bitcoin.url,
        ethereumRpcUrl: ethereum.url,
      },
    };
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
      const first = await timed(() => takeSnapshot(connection.db, systemClock, solvency));
      const second = await timed(() => takeSnapshot(connection.db, systemClock, solvency));
      const { rows } = await connection.pool.query<{ id: string }>(
        "select id from users where user_name = 'holder4242'",
      );
      const userId = rows[0]?.id as string;
      const proof = await timed(() => getLiabilityProof(connection.db, { userId, snapshotId: undefined }));
      // What GET /api/liabilities answers (before compression): every snapshot, the newest statement.
      const list = await listPublishedSnapshots(connection.db);
      const listKb = Buffer.byteLength(JSON.stringify({ data: list })) / 1024;
      const statementKb = Buffer.byteLength(list.snapshots[0]?.statement ?? '') / 1024;
      const users = second.result.userCount;
      return {
        users,
        firstMs: first.ms,
        secondMs: second.ms,
        proofMs: proof.ms,
        cpuMs: second.cpuMs,
        resultsLine:
          `Solvency snapshot of ${users.toLocaleString('en-US')} users with reserves on both chains ` +
          `(${DEPOSIT_ADDRESSES.toLocaleString('en-US')} deposit addresses per chain; embedded PostgreSQL, regtest ` +
          `Bitcoin Core, anvil; read balances and reserves, shuffle, hash, sign, store): ` +
          `${(second.ms / 1000).toFixed(2)} s wall, ${(second.cpuMs / 1000).toFixed(2)} s ` +
          `of it Node CPU, at load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores (goal ≤ 5 s); ` +
          `the first, creating the keys and following Bitcoin from block 0: ${(first.ms / 1000).toFixed(2)} s; ` +
          `one user's proof: ${proof.ms} ms; the published list of ${list.snapshots.length} snapshots: ` +
          `${listKb.toFixed(1)} KB of JSON, ${statementKb.toFixed(1)} KB of it the newest statement.`,
      };
    } finally {
      await connection.close();
    }
  } finally {
    await Promise.all([bitcoin.stop(), ethereum.stop()]);
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log((await benchLiabilities()).resultsLine);
}
