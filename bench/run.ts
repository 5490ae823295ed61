/**
 * `npm run bench`: load and size benchmarks against the built platform, written to bench/RESULTS.md.
 * Every throughput figure is also given as a ratio to a bare Fastify route measured in the same
 * run, because this machine is shared and absolute numbers drift.
 */

import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { connectDatabase, withClient } from '../apps/server/src/db/client.ts';
import { runInTransaction } from '../apps/server/src/lib/transaction.ts';
import { hashSessionToken } from '../apps/server/src/modules/auth/tokens.ts';
import { payDueReturns } from '../apps/server/src/modules/investments/plan-payouts.ts';
import { postTransfers } from '../apps/server/src/modules/ledger/ledger.service.ts';
import { liveSessionQuery } from '../apps/server/src/modules/sessions/sessions.repo.ts';
import { userRecordColumns } from '../apps/server/src/modules/users/users.repo.ts';
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
import { measurePageSpeeds, type PageSpeeds, pageSpeedReport } from './page-speed.ts';
import { runSoak, writeSoakSection } from './soak.ts';
import { measureWireBytes, type WireBytes, wireBytesReport } from './wire-bytes.ts';

const run = promisify(execFile);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 16;
const SEEDED_TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
const SEEDED_USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const DUE_INVESTMENTS = Number(process.env.BENCH_INVESTMENTS ?? 100_000);
/** The deep page measured: page 5,000 at the default 50 rows, rows 249,951 to 250,000. */
const DEEP_PAGE = 5_000;
/** Group commit settings measured for the ledger postings: commit_delay in microseconds. */
const COMMIT_DELAYS_US = [0, 100, 1000];
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

/**
 * The profile's own statement run by pgbench alone (prepared, the same connections, no HTTP at
 * all): as many as PostgreSQL answers on these cores, so the most a route making this one round
 * trip could reach. `undefined` where pgbench is not installed.
 */
async function measureProfileStatement(databaseUrl: string, token: string): Promise<number | undefined> {
  const connection = connectDatabase(databaseUrl);
  // The profile read's own statement: the live session with the user's record, as users.service builds it.
  const statement = liveSessionQuery('session_user_record', userRecordColumns())(connection.db).getQuery()
    .sql;
  await connection.close();
  const script = path.join(os.tmpdir(), `vestora-profile-${process.pid}.sql`);
  await writeFile(script, `${statement.replace('$1', ':token_hash').replace('$2', '1')};\n`);
  try {
    const { stdout } = await run('pgbench', [
      ...['-n', '-M', 'prepared', '-c', String(CONNECTIONS), '-j', '2', '-T', String(SECONDS)],
      ...['-f', script, '-D', `token_hash=${hashSessionToken(token)}`, databaseUrl],
    ]);
    return Math.round(Number(/^tps = ([\d.]+)/m.exec(stdout)?.[1]));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  } finally {
    await rm(script, { force: true });
  }
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
 * Seeds users and deposits straight into the tables with generate_series: the API would take hours
 * to create a million. The per-row counting triggers are skipped for the bulk insert and the counts
 * (totals and hourly) set once afterwards; the vacuum then does at once what autovacuum does over time on a live install
 * (statistics, and the visibility map that lets list pages skip rows by their index alone).
 */
async function seedUsersAndTransactions(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('set session_replication_role = replica');
  await client.query(
    `insert into users (user_name, full_name, email, password_hash, created_at)
     select 'seed' || i, 'Seeded Person ' || i, 'seed' || i || '@example.com', 'not-a-hash',
            now() - interval '1 day' - make_interval(secs => i)
     from generate_series(1, $1::int) as i`,
    [SEEDED_USERS],
  );
  // A thousand depositors own the million transactions, as a busy install would look.
  await client.query(
    `with depositors as (select array_agg(id) as ids from users where user_name in (
       select 'seed' || i from generate_series(1, 1000) as i))
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
  await client.query(`update user_counts c set count = n.count
    from (select status, count(*) as count from users group by status) n where c.status = n.status`);
  await client.query(`truncate hourly_counts`);
  await client.query(`insert into hourly_counts (source, status, hour, count)
    select 'user', status, hour_of(created_at), count(*) from users group by 2, 3
    union all select 'deposit', status, hour_of(created_at), count(*) from deposits group by 2, 3
    union all select 'withdrawal', status, hour_of(created_at), count(*) from withdrawals group by 2, 3`);
  await client.query('vacuum analyze');
  await client.end();
}

/**
 * Due investments of the SMALL plan (100.00 at 3.6% a day, so one return of 3.60 each), owned by
 * seeded users with their ledger accounts open, and a yield reserve funded through the ledger to
 * cover them. They start ten days ahead: only the benchmark's clock, eleven days ahead, finds their
 * first return due, so the server's own scheduler leaves them alone.
 */
async function seedDueInvestments(databaseUrl: string, db: ReturnType<typeof connectDatabase>['db']) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    `insert into ledger_accounts (user_id, kind)
     select u.id, k.kind from users u, unnest(array['available', 'withdrawal_hold', 'invested']) as k(kind)
     where u.user_name in (select 'seed' || i from generate_series(1, $1::int) as i)
     on conflict do nothing`,
    [DUE_INVESTMENTS],
  );
  await client.query(
    `insert into investments (user_id, plan_id, plan_name, amount_cents, rate_basis_points, period_days,
       periods_total, principal_return, started_at, ends_at)
     select u.id, p.id, p.name, 10000, 360, 1, 60, true, now() + interval '10 days',
            now() + interval '70 days'
     from users u, plans p
     where u.user_name in (select 'seed' || i from generate_series(1, $1::int) as i) and p.name = 'SMALL'`,
    [DUE_INVESTMENTS],
  );
  await client.query('vacuum analyze investments, ledger_accounts');
  await client.end();
  await runInTransaction(db, (tx) =>
    postTransfers(tx, [
      {
        from: { platform: 'operator_funding' },
        to: { platform: 'yield_reserve' },
        amountCents: BigInt(DUE_INVESTMENTS) * 360n,
        kind: 'reserve_funding',
        reference: { type: 'reserve', id: randomUUID() },
        settlementKey: `bench:reserve:${randomUUID()}`,
        reason: 'benchmark reserve',
      },
    ]),
  );
}

/** The daily payout of DUE_INVESTMENTS returns, timed, then checked: each paid once, the reserve spent exactly. */
async function measurePayout(databaseUrl: string) {
  const connection = connectDatabase(databaseUrl, { max: 4 });
  try {
    await seedDueInvestments(databaseUrl, connection.db);
    const clock = { now: () => new Date(Date.now() + 11 * 86_400_000 + 3_600_000) };
    const started = performance.now();
    const run = await payDueReturns(connection.db, clock);
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const again = await payDueReturns(connection.db, clock);
    const { rows } = await connection.pool.query<{ returns: string; reserve: string }>(
      `select (select count(*) from ledger_transfers where kind = 'plan_return')::text as returns,
         (select balance_cents from ledger_accounts where user_id is null and kind = 'yield_reserve')::text as reserve`,
    );
    const isExact =
      run.returnsPaid === DUE_INVESTMENTS &&
      again.returnsPaid === 0 &&
      Number(rows[0]?.returns) === DUE_INVESTMENTS &&
      rows[0]?.reserve === '0';
    return { seconds, returnsPaid: run.returnsPaid, isExact };
  } finally {
    await connection.close();
  }
}

/**
 * Ledger postings per second, each one transfer in its own transaction: the single post_transfers
 * statement, committed on its own, so one round trip. From 1 client, then 8 at each commit_delay
 * (group commit: a committing transaction waits that long for others to share its WAL flush; fsync
 * and synchronous_commit stay on).
 */
async function measureLedger(databaseUrl: string, userIds: string[]) {
  const rate = async (
    commitDelayUs: number,
    clients: number,
    work: 'posting' | 'bare commit' = 'posting',
  ) => {
    const url = new URL(databaseUrl);
    url.searchParams.set('options', `-c commit_delay=${commitDelayUs} -c commit_siblings=2`);
    const connection = connectDatabase(url.toString(), { max: clients });
    try {
      const postOne = (userId: string) =>
        postTransfers(connection.db, [
          {
            from: { platform: 'adjustments' },
            to: { userId, kind: 'available' },
            amountCents: 100n,
            kind: 'admin_credit',
            reference: { type: 'adjustment', id: randomUUID() },
            settlementKey: `bench:${randomUUID()}`,
            reason: 'benchmark',
          },
        ]);
      const commitOne = () => connection.pool.query('insert into bench_commits default values');
      const post = work === 'posting' ? postOne : commitOne;
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
    } finally {
      await connection.close();
    }
  };
  const single = await rate(0, 1);
  const concurrent: Record<number, number> = {};
  for (const delay of COMMIT_DELAYS_US) concurrent[delay] = await rate(delay, 8);
  // The most commits this PostgreSQL flushes for 8 clients: each a one-row insert and nothing else.
  await withClient(databaseUrl, (client) =>
    client.query('create table bench_commits (id bigserial primary key)'),
  );
  const bareCommits = await rate(0, 8, 'bare commit');
  await withClient(databaseUrl, (client) => client.query('drop table bench_commits'));
  return { single, concurrent, bareCommits };
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
    console.log(`[${name}] seeding ${SEEDED_USERS} users and ${SEEDED_TRANSACTIONS} transactions…`);
    await seedUsersAndTransactions(databaseUrl);

    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    console.log(`[${name}] measuring…`);
    const ceiling = await load(`${ceilingServer.baseUrl}/hello`, {});
    const profile = await load(`${server.baseUrl}/api/user/userprofile/${reader.id}`, {
      headers: auth(reader.token),
    });
    const profileStatement = await measureProfileStatement(databaseUrl, reader.token);
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
    // One admin paging deep: a single connection, each request waiting for the one before.
    const deepTransactions = await load(`${server.baseUrl}/api/admin/allTransactions?page=${DEEP_PAGE}`, {
      headers: auth(admin.token),
      connections: 1,
    });
    const deepUsers = await load(`${server.baseUrl}/api/user/getallusers?page=${DEEP_PAGE}`, {
      headers: auth(admin.token),
      connections: 1,
    });
    const bannerHealth = await load(`${server.baseUrl}/api/admin/ledger/health?cached=true`, {
      headers: auth(admin.token),
      connections: 1,
    });
    console.log(`[${name}] ledger postings…`);
    const ledger = await measureLedger(
      databaseUrl,
      ledgerUsers.map((user) => user.id),
    );
    console.log(`[${name}] paying ${DUE_INVESTMENTS} due returns…`);
    const payout = await measurePayout(databaseUrl);
    return {
      name,
      ceiling,
      profile,
      profileStatement,
      transactions,
      deepTransactions,
      deepUsers,
      bannerHealth,
      login,
      profileUnderFlood,
      ledger,
      payout,
    };
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

function report(
  runs: Awaited<ReturnType<typeof benchDatabase>>[],
  wireBytes: WireBytes,
  pageSpeeds: PageSpeeds,
): string {
  const lines = [
    '# Benchmark results',
    '',
    `Measured ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, by \`npm run bench\` ` +
      `(autocannon, ${CONNECTIONS} connections unless stated, ${SECONDS} s per run, load generator on the same cores).`,
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
      row(
        `GET /api/admin/allTransactions?page=${DEEP_PAGE} (rows ${((DEEP_PAGE - 1) * 50 + 1).toLocaleString('en-US')}–${(DEEP_PAGE * 50).toLocaleString('en-US')}, 1 connection)`,
        run.deepTransactions,
        'p99 < 100 ms',
      ),
      row(
        `GET /api/user/getallusers?page=${DEEP_PAGE} (of ${SEEDED_USERS.toLocaleString('en-US')} users, 1 connection)`,
        run.deepUsers,
        'p99 < 100 ms',
      ),
      row(
        'GET /api/admin/ledger/health?cached=true (the console banner, 1 connection)',
        run.bannerHealth,
        '',
      ),
      row('POST /api/user/login (argon2id)', run.login, 'bounded by the hash'),
      row(
        'profile reads while 64 connections flood the login',
        run.profileUnderFlood,
        '≥ 50% of profile alone',
      ),
      '',
      run.profileStatement === undefined
        ? 'The profile statement alone was not measured: pgbench is not installed.'
        : `The profile's statement alone, run by pgbench against the same PostgreSQL (prepared, ${CONNECTIONS} connections, no HTTP): ` +
            `${run.profileStatement} per second, ${ratio(run.profileStatement, run.ceiling.requestsPerSecond)} of the ceiling.`,
      '',
      `Profile reads under a login flood kept ${ratio(run.profileUnderFlood.requestsPerSecond, run.profile.requestsPerSecond)} of their throughput.`,
      '',
      'Ledger postings, one transfer per transaction, each one statement (post_transfers) committed on its own, fsync on:',
      '',
      '| Clients | commit_delay | postings/s | target |',
      '|---|---|---|---|',
      `| 1 | 0 | ${run.ledger.single} | |`,
      ...COMMIT_DELAYS_US.map(
        (delay) =>
          `| 8 | ${delay} µs | ${run.ledger.concurrent[delay]} | ${delay === 0 ? '≥ 4,000/s (stretch 10,000)' : ''} |`,
      ),
      `| 8, a one-row insert instead of a posting (the commit ceiling) | 0 µs | ${run.ledger.bareCommits} | |`,
      '',
      `Daily plan payout of ${DUE_INVESTMENTS.toLocaleString('en-US')} due returns: ${run.payout.seconds} s ` +
        `(target < 60 s); ${run.payout.returnsPaid.toLocaleString('en-US')} paid, ` +
        `${run.payout.isExact ? 'each exactly once and the reserve spent to the cent' : 'NOT exact: see the run log'}.`,
      '',
    );
  }
  lines.push(...wireBytesReport(wireBytes), ...pageSpeedReport(pageSpeeds));
  return lines.join('\n');
}

const wireBytes = await measureWireBytes();
const pageSpeeds = await measurePageSpeeds();
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
const markdown = `${report(runs, wireBytes, pageSpeeds)}\n## Proof of liabilities\n\n${liabilities.resultsLine}\n`;
await writeFile(path.join(ROOT, 'bench/RESULTS.md'), `${markdown}\n`);
console.log(markdown);

// The mixed-workload soak (bench/soak.ts) adds its own section.
const soakSection = await runSoak();
await writeSoakSection(soakSection);
console.log(soakSection);
