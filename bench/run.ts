/**
 * `npm run bench`: load and size benchmarks against the built platform, written to bench/RESULTS.md.
 * Every throughput figure is also given as a ratio to a bare Fastify route measured in the same
 * run, because this machine is shared and absolute numbers drift.
 */

import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { runInTransaction } from '../apps/server/src/lib/transaction.ts';
import { postTransfers } from '../apps/server/src/modules/ledger/ledger.service.ts';
import {
  E2E_ADMIN,
  embeddedDatabaseUrl,
  freshDataDir,
  ROOT,
  type RunningServer,
  startServer,
  stopServer,
} from '../e2e/support/server.ts';
import { benchLiabilities } from './liabilities.ts';
import { runSoak, writeSoakSection } from './soak.ts';
import { measureWireBytes, type WireBytes, wireBytesReport } from './wire-bytes.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 16;
const SEEDED_TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
const EXTERNAL_POSTGRES = process.env.BENCH_EXTERNAL_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

function load(
  url: string,
  options: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; connections?: number },
): Promise<Load> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, duration: SECONDS, connections: options.connections ?? CONNECTIONS, ...options },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          requestsPerSecond: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          non2xx: result.non2xx,
        });
      },
    );
  });
}

async function post<T>(server: RunningServer, url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method: url.includes('creditOrDebit') || url.includes('verifyUser') ? 'PUT' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function signUpAndLogIn(server: RunningServer, userName: string) {
  const password = 'Bench#Mark1';
  await post(server, '/api/user/signup', {
    fullName: 'Bench Mark',
    userName,
    email: `${userName}@example.com`,
    password,
    confirmPassword: password,
  });
  const login = await post<{ token: string; data: { _id: string } }>(server, '/api/user/login', {
    userNameOrEmail: userName,
    password,
  });
  return { token: login.token, id: login.data._id, password };
}

/**
 * Seeds deposits straight into the table: the API would take hours to create a million. The
 * per-row counting trigger is skipped for the bulk insert and the counts set once afterwards.
 */
async function seedTransactions(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('set session_replication_role = replica');
  // A thousand depositors own the million transactions, as a busy install would look.
  await client.query(
    `insert into users (user_name, full_name, email, password_hash)
     select 'seed' || i, 'Seeded Depositor ' || i, 'seed' || i || '@example.com', 'not-a-hash'
     from generate_series(1, 1000) as i`,
  );
  await client.query(
    `with depositors as (select array_agg(id) as ids from users where user_name like 'seed%')
     insert into deposits (user_id, mode, amount_cents, status, created_at)
     select depositors.ids[1 + i % 1000], (array['btc','eth','usdt'])[1 + i % 3], 5000 + i % 100000,
            (array['pending','approved','rejected'])[1 + i % 3], now() - make_interval(secs => i)
     from depositors, generate_series(1, $1::int) as i`,
    [SEEDED_TRANSACTIONS],
  );
  await client.query('set session_replication_role = default');
  await client.query(`update transaction_counts c set count = n.count
    from (select status, count(*) as count from deposits group by status) n
    where c.type = 'deposit' and c.status = n.status`);
  await client.query('analyze');
  await client.end();
}

async function measureLedger(databaseUrl: string, userIds: string[]) {
  const connection = connectDatabase(databaseUrl, { max: 10 });
  const post = (userId: string) =>
    runInTransaction(connection.db, (tx) =>
      postTransfers(tx, [
        {
          from: { platform: 'adjustments' },
          to: { userId, kind: 'available' },
          amountCents: 100n,
          kind: 'admin_credit',
          reference: { type: 'adjustment', id: randomUUID() },
          settlementKey: `bench:${randomUUID()}`,
          reason: 'benchmark',
        },
      ]),
    );
  const run = async (clients: number) => {
    let count = 0;
    const deadline = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: clients }, async (_, index) => {
        const userId = userIds[index % userIds.length] ?? '';
        while (Date.now() < deadline) {
          await post(userId);
          count += 1;
        }
      }),
    );
    return Math.round(count / SECONDS);
  };
  const single = await run(1);
  const concurrent = await run(8);
  await connection.close();
  return { single, concurrent };
}

async function benchDatabase(name: string, externalUrl: string | undefined) {
  const dataDir = await freshDataDir();
  const server = await startServer({
    dataDir,
    env: {
      LOG_LEVEL: 'error',
      LOGIN_MAX_FAILURES: '1000000',
      ...(externalUrl ? { DATABASE_URL: externalUrl } : {}),
    },
  });
  const ceilingServer = await startServer({
    dataDir,
    command: [process.execPath, path.join(ROOT, 'bench/hello-server.mjs')],
  });
  try {
    const databaseUrl = externalUrl ?? (await embeddedDatabaseUrl(dataDir));
    const admin = await post<{ token: string; data: { _id: string } }>(server, '/api/user/login', {
      userNameOrEmail: E2E_ADMIN.email,
      password: E2E_ADMIN.password,
    });
    const tag = Date.now().toString(36);
    const reader = await signUpAndLogIn(server, `reader${tag}`);
    const ledgerUsers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => signUpAndLogIn(server, `ledger${tag}${index}`)),
    );
    console.log(`[${name}] seeding ${SEEDED_TRANSACTIONS} transactions…`);
    await seedTransactions(databaseUrl);

    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    console.log(`[${name}] measuring…`);
    const ceiling = await load(`${ceilingServer.baseUrl}/hello`, {});
    const profile = await load(`${server.baseUrl}/api/user/userprofile/${reader.id}`, {
      headers: auth(reader.token),
    });
    const transactions = await load(`${server.baseUrl}/api/admin/allTransactions`, {
      headers: auth(admin.token),
    });
    const loginBody = JSON.stringify({
      userNameOrEmail: `reader${tag}`,
      password: reader.password,
    });
    const login = await load(`${server.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: loginBody,
    });
    const [profileUnderFlood] = await Promise.all([
      load(`${server.baseUrl}/api/user/userprofile/${reader.id}`, { headers: auth(reader.token) }),
      load(`${server.baseUrl}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: loginBody,
        connections: 64,
      }),
    ]);
    const ledger = await measureLedger(
      databaseUrl,
      ledgerUsers.map((user) => user.id),
    );
    return { name, ceiling, profile, transactions, login, profileUnderFlood, ledger };
  } finally {
    await stopServer(ceilingServer);
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function externalDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const admin = new pg.Client({ connectionString: EXTERNAL_POSTGRES });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `vestora_bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(EXTERNAL_POSTGRES);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const ratio = (value: number, ceiling: number) => `${Math.round((value / ceiling) * 100)}%`;

function report(runs: Awaited<ReturnType<typeof benchDatabase>>[], wireBytes: WireBytes): string {
  const lines = [
    '# Benchmark results',
    '',
    `Measured ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, by \`npm run bench\` ` +
      `(autocannon, ${CONNECTIONS} connections, ${SECONDS} s per run, load generator on the same cores).`,
    'The machine is shared: compare ratios within one run, not absolute figures across runs.',
    'Where a target is missed, `bench/ANALYSIS.md` says why.',
    '',
  ];
  for (const run of runs) {
    const row = (label: string, result: Load, target = '') =>
      `| ${label} | ${result.requestsPerSecond} | ${result.p50} | ${result.p99} | ${ratio(result.requestsPerSecond, run.ceiling.requestsPerSecond)} | ${result.non2xx} | ${target} |`;
    lines.push(
      `## ${run.name}`,
      '',
      '| Route | req/s | p50 ms | p99 ms | of ceiling | non-2xx | target |',
      '|---|---|---|---|---|---|---|',
      row('bare Fastify route (ceiling)', run.ceiling),
      row('GET /api/user/userprofile/:id (authenticated)', run.profile, '≥ 40% of ceiling'),
      row(
        `GET /api/admin/allTransactions (first page of ${SEEDED_TRANSACTIONS.toLocaleString('en-US')})`,
        run.transactions,
        'p99 < 50 ms',
      ),
      row('POST /api/user/login (argon2id)', run.login, 'bounded by the hash'),
      row(
        'profile reads while 64 connections flood the login',
        run.profileUnderFlood,
        '≥ 50% of profile alone',
      ),
      '',
      `Profile reads under a login flood kept ${ratio(run.profileUnderFlood.requestsPerSecond, run.profile.requestsPerSecond)} of their throughput.`,
      '',
      `Ledger postings (one transfer per database transaction): ${run.ledger.single}/s from one client, ` +
        `${run.ledger.concurrent}/s from 8 concurrent clients (goal ≥ 2,000/s with 8).`,
      '',
    );
  }
  lines.push(...wireBytesReport(wireBytes));
  return lines.join('\n');
}

const wireBytes = await measureWireBytes();
const runs = [await benchDatabase('Embedded PostgreSQL', undefined)];
const external = await externalDatabase();
if (external) {
  try {
    runs.push(await benchDatabase('Machine PostgreSQL (127.0.0.1:5432)', external.url));
  } finally {
    await external.drop();
  }
} else {
  console.log(`No PostgreSQL at ${EXTERNAL_POSTGRES}: the external run is skipped.`);
}
const liabilities = await benchLiabilities();
const markdown = `${report(runs, wireBytes)}\n## Proof of liabilities\n\n${liabilities.resultsLine}\n`;
await writeFile(path.join(ROOT, 'bench/RESULTS.md'), `${markdown}\n`);
console.log(markdown);

// The mixed-workload soak (bench/soak.ts) adds its own section.
const soakSection = await runSoak();
await writeSoakSection(soakSection);
console.log(soakSection);
