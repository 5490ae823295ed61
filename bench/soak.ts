/**
 * The mixed-workload soak of `npm run bench`: many clients sign in, read profiles, deposit with
 * proofs, approve, withdraw, invest and list, through a round-robin balancer, against two server
 * processes on one PostgreSQL; halfway through, one process is restarted (SIGTERM, then started
 * again). Bounded by BENCH_SOAK_SECONDS (default 180). Reports throughput, p50/p99 per operation,
 * unexpected errors (target 0) and the ledger's health at the end, with every acknowledged
 * operation checked in the database. Run alone with `npx tsx bench/soak.ts` (after `npm run build`):
 * it then writes its section into bench/RESULTS.md.
 */

import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  E2E_ADMIN,
  embeddedDatabaseUrl,
  freePort,
  freshDataDir,
  ROOT,
  type RunningServer,
  startServer,
  stopServer,
} from '../e2e/support/server.ts';

const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 180);
const USER_CLIENTS = 12;
const ADMIN_CLIENTS = 2;
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const PASSWORD = 'Soak#Test12';
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

type Operation =
  | 'sign-in'
  | 'profile read'
  | 'deposit with proof'
  | 'approval'
  | 'withdrawal'
  | 'invest'
  | 'admin list';

/** Answers that are part of the workload, not failures: a withdrawal larger than the balance… */
const EXPECTED_REFUSALS: Partial<Record<Operation, number[]>> = {
  withdrawal: [409],
  invest: [409],
  // Two admins picked the same pending deposit; one approves, the other is told it is decided.
  approval: [409],
};

interface Backend {
  name: string;
  server: RunningServer;
  isUp: boolean;
}

interface Tally {
  latencies: number[];
  refused: number;
  unexpected: string[];
}

interface Acknowledged {
  deposits: Map<string, number>;
  approvals: string[];
  withdrawals: string[];
  investments: string[];
}

/** Sends each request to the next process in turn; one that refuses or answers 503 is skipped until ready. */
class Balancer {
  failovers = 0;
  private turn = 0;
  constructor(private readonly backends: Backend[]) {}

  async send(method: string, url: string, init: { token?: string; body?: unknown; key?: string } = {}) {
    const start = this.turn++;
    for (let offset = 0; offset < this.backends.length * 2; offset += 1) {
      const backend = this.backends[(start + offset) % this.backends.length];
      if (!backend?.isUp) continue;
      try {
        const isForm = init.body instanceof FormData;
        const response = await fetch(`${backend.server.baseUrl}${url}`, {
          method,
          headers: {
            ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
            ...(init.key ? { 'idempotency-key': init.key } : {}),
            ...(init.body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
          },
          body:
            init.body === undefined
              ? undefined
              : isForm
                ? (init.body as FormData)
                : JSON.stringify(init.body),
        });
        const text = await response.text();
        if (response.status === 503) throw new Error('closing');
        return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
      } catch {
        // Refused, reset or closing: out of rotation until its /readyz answers, and the next one tries.
        backend.isUp = false;
        this.failovers += 1;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { status: 0, json: {} as Record<string, unknown> };
  }

  async checkHealth(isRunning: () => boolean) {
    while (isRunning()) {
      for (const backend of this.backends.filter((candidate) => !candidate.isUp)) {
        const ready = await fetch(`${backend.server.baseUrl}/readyz`).catch(() => undefined);
        if (ready?.status === 200) backend.isUp = true;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Deadlocks PostgreSQL has detected in this database, as its statistics have them so far. */
async function countDeadlocks(database: pg.Client): Promise<number> {
  const { rows } = await database.query<{ deadlocks: string }>(
    'select deadlocks from pg_stat_database where datname = current_database()',
  );
  return Number(rows[0]?.deadlocks ?? 0);
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
};

export async function runSoak(): Promise<string> {
  const firstDir = await freshDataDir();
  const secondDir = await freshDataDir();
  const first = await startServer({ dataDir: firstDir });
  const secondEnv = { DATABASE_URL: await embeddedDatabaseUrl(firstDir) };
  const secondPort = await freePort();
  const backends: Backend[] = [
    { name: 'first', server: first, isUp: true },
    {
      name: 'second',
      server: await startServer({ dataDir: secondDir, port: secondPort, env: secondEnv }),
      isUp: true,
    },
  ];
  const database = new pg.Client({ connectionString: secondEnv.DATABASE_URL });
  await database.connect();
  const stoppedOutputs: string[] = [];
  const serverErrors = () =>
    [...stoppedOutputs, ...backends.map((backend) => backend.server.output())]
      .flatMap((output) => output.split('\n'))
      .filter((line) => /"level":[56]0/.test(line));
  try {
    return await soak(backends, database, serverErrors, async () => {
      const second = backends[1];
      if (!second) return;
      await stopServer(second.server);
      stoppedOutputs.push(second.server.output());
      second.server = await startServer({ dataDir: secondDir, port: secondPort, env: secondEnv });
    });
  } finally {
    await database.end();
    for (const backend of [...backends].reverse()) await stopServer(backend.server);
    await Promise.all([firstDir, secondDir].map((dir) => rm(dir, { recursive: true, force: true })));
  }
}

async function soak(
  backends: Backend[],
  database: pg.Client,
  serverErrors: () => string[],
  restartSecond: () => Promise<void>,
) {
  const balancer = new Balancer(backends);
  const call = async (
    method: string,
    url: string,
    init: { token?: string; body?: unknown; key?: string } = {},
  ) => {
    const response = await balancer.send(method, url, init);
    if (response.status < 200 || response.status >= 300) {
      throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(response.json)}`);
    }
    return response.json;
  };
  const admin = (await call('POST', '/api/user/login', {
    body: { userNameOrEmail: E2E_ADMIN.email, password: E2E_ADMIN.password },
  })) as { token: string };
  const plans = ((await call('GET', '/api/plans')) as { data: { _id: string; minAmount: number }[] }).data;
  const plan = [...plans].sort((a, b) => a.minAmount - b.minAmount)[0];
  if (!plan) throw new Error('no investment plan to invest in');

  const users: { userName: string; id: string; token: string }[] = [];
  for (let index = 0; index < USER_CLIENTS; index += 1) {
    const userName = `soak${Date.now() % 100000}u${index}`;
    await call('POST', '/api/user/signup', {
      body: {
        fullName: 'Soak Client',
        userName,
        email: `${userName}@example.com`,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
    });
    // The soak measures money traffic, not the inbox: the address counts as confirmed, as after its link.
    await database.query('update users set email_confirmed_at = now() where user_name = $1', [userName]);
    const login = (await call('POST', '/api/user/login', {
      body: { userNameOrEmail: userName, password: PASSWORD },
    })) as { token: string; data: { _id: string } };
    await call('PUT', `/api/admin/verifyUser/${login.data._id}`, { token: admin.token });
    await call('POST', '/api/user/addresses', {
      token: login.token,
      body: { coin: 'btc', address: BTC_ADDRESS, label: 'Soak wallet', password: PASSWORD },
    });
    users.push({ userName, id: login.data._id, token: login.token });
  }

  const tallies = new Map<Operation, Tally>();
  const acknowledged: Acknowledged = { deposits: new Map(), approvals: [], withdrawals: [], investments: [] };
  const measure = async (
    operation: Operation,
    send: () => Promise<{ status: number; json: Record<string, unknown> }>,
  ) => {
    const tally = tallies.get(operation) ?? { latencies: [], refused: 0, unexpected: [] };
    tallies.set(operation, tally);
    const started = performance.now();
    const response = await send();
    tally.latencies.push(performance.now() - started);
    if (response.status >= 200 && response.status < 300) return response.json;
    if (EXPECTED_REFUSALS[operation]?.includes(response.status)) tally.refused += 1;
    else tally.unexpected.push(`${response.status} ${JSON.stringify(response.json).slice(0, 120)}`);
    return undefined;
  };

  let isRunning = true;
  const userClient = async (user: (typeof users)[number]) => {
    while (isRunning) {
      const roll = Math.random();
      if (roll < 0.45) {
        await measure('profile read', () =>
          balancer.send('GET', `/api/user/userprofile/${user.id}`, { token: user.token }),
        );
      } else if (roll < 0.5) {
        await measure('sign-in', () =>
          balancer.send('POST', '/api/user/login', {
            body: { userNameOrEmail: user.userName, password: PASSWORD },
          }),
        );
      } else if (roll < 0.65) {
        const form = new FormData();
        form.set('mode', 'btc');
        form.set('amount', '500');
        form.set('image', new Blob([TINY_PNG, randomUUID()], { type: 'image/png' }), 'proof.png');
        const key = randomUUID();
        if (
          await measure('deposit with proof', () =>
            balancer.send('POST', '/api/user/deposit', { token: user.token, body: form, key }),
          )
        ) {
          acknowledged.deposits.set(user.id, (acknowledged.deposits.get(user.id) ?? 0) + 1);
        }
      } else if (roll < 0.85) {
        const body = { amount: 10, method: 'btc', address: BTC_ADDRESS };
        const key = randomUUID();
        const json = await measure('withdrawal', () =>
          balancer.send('POST', '/api/user/withdraw', { token: user.token, body, key }),
        );
        const id = (json?.data as { _id?: string } | undefined)?._id;
        if (id) acknowledged.withdrawals.push(id);
      } else {
        const body = { planId: plan._id, amount: plan.minAmount };
        const key = randomUUID();
        const json = await measure('invest', () =>
          balancer.send('POST', '/api/user/invest', { token: user.token, body, key }),
        );
        const id = (json?.data as { _id?: string } | undefined)?._id;
        if (id) acknowledged.investments.push(id);
      }
    }
  };
  const adminClient = async () => {
    while (isRunning) {
      const list = await measure('admin list', () =>
        balancer.send('GET', '/api/admin/allTransactions?type=deposit&status=pending&pageSize=20', {
          token: admin.token,
        }),
      );
      const pending = ((list?.data as { _id: string }[] | undefined) ?? []).slice(0, 5);
      for (const row of pending.sort(() => Math.random() - 0.5)) {
        const key = randomUUID();
        const approved = await measure('approval', () =>
          balancer.send('PUT', `/api/admin/approveDeposit/${row._id}`, { token: admin.token, key }),
        );
        if (approved) acknowledged.approvals.push(row._id);
      }
      if (pending.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const deadlocksBefore = await countDeadlocks(database);
  const started = performance.now();
  const health = balancer.checkHealth(() => isRunning);
  const clients = Promise.all([
    ...users.map(userClient),
    ...Array.from({ length: ADMIN_CLIENTS }, adminClient),
  ]);
  await new Promise((resolve) => setTimeout(resolve, (SOAK_SECONDS * 1000) / 2));
  const restartStarted = performance.now();
  await restartSecond();
  const restartSeconds = (performance.now() - restartStarted) / 1000;
  await new Promise((resolve) =>
    setTimeout(resolve, Math.max(0, started + SOAK_SECONDS * 1000 - performance.now())),
  );
  isRunning = false;
  await clients;
  await health;
  const elapsed = (performance.now() - started) / 1000;

  const ledger = (await call('GET', '/api/admin/ledger/health', { token: admin.token })) as {
    data: { isHealthy: boolean };
  };
  const missing = await findMissing(database, acknowledged);
  const deadlocks = (await countDeadlocks(database)) - deadlocksBefore;
  return report({
    deadlocks,
    tallies,
    elapsed,
    restartSeconds,
    failovers: balancer.failovers,
    isHealthy: ledger.data.isHealthy,
    missing,
    acknowledged,
    serverErrors: serverErrors(),
  });
}

/** Every acknowledged operation, looked up in the database: what is not there is listed. */
async function findMissing(database: pg.Client, acknowledged: Acknowledged): Promise<string[]> {
  const missing: string[] = [];
  const present = async (sql: string, ids: string[]) => {
    const { rows } = await database.query<{ id: string }>(sql, [ids]);
    const found = new Set(rows.map((row) => row.id));
    return ids.filter((id) => !found.has(id));
  };
  for (const id of await present(
    `select d.id from deposits d join ledger_transfers t on t.reference_id = d.id and t.kind = 'deposit'
     where d.id = any($1::uuid[]) and d.status = 'approved'`,
    acknowledged.approvals,
  )) {
    missing.push(`approved deposit ${id}`);
  }
  for (const id of await present(
    'select id from withdrawals where id = any($1::uuid[])',
    acknowledged.withdrawals,
  )) {
    missing.push(`withdrawal ${id}`);
  }
  for (const id of await present(
    'select id from investments where id = any($1::uuid[])',
    acknowledged.investments,
  )) {
    missing.push(`investment ${id}`);
  }
  const { rows } = await database.query<{ user_id: string; count: string }>(
    'select user_id, count(*) from deposits where user_id = any($1::uuid[]) group by user_id',
    [[...acknowledged.deposits.keys()]],
  );
  for (const [userId, count] of acknowledged.deposits) {
    const stored = Number(rows.find((row) => row.user_id === userId)?.count ?? 0);
    if (stored < count) missing.push(`${count - stored} deposits of user ${userId}`);
  }
  return missing;
}

function report(run: {
  tallies: Map<Operation, Tally>;
  elapsed: number;
  restartSeconds: number;
  failovers: number;
  isHealthy: boolean;
  missing: string[];
  acknowledged: Acknowledged;
  /** What the servers logged as errors, shown when any request failed unexpectedly. */
  serverErrors: string[];
  /** Deadlocks PostgreSQL broke during the run; each cost its transactions a second and a retry. */
  deadlocks: number;
}): string {
  const total = [...run.tallies.values()].reduce((sum, tally) => sum + tally.latencies.length, 0);
  const unexpected = [...run.tallies.values()].flatMap((tally) => tally.unexpected);
  const acknowledgedCount =
    [...run.acknowledged.deposits.values()].reduce((sum, count) => sum + count, 0) +
    run.acknowledged.approvals.length +
    run.acknowledged.withdrawals.length +
    run.acknowledged.investments.length;
  const lines = [
    '## Mixed-workload soak',
    '',
    `Measured ${new Date().toISOString()} by \`npm run bench\` (alone: \`npx tsx bench/soak.ts\`). ` +
      `${USER_CLIENTS} user clients and ${ADMIN_CLIENTS} admin clients for ${Math.round(run.elapsed)} s ` +
      '(`BENCH_SOAK_SECONDS`) through a round-robin balancer, against two server processes on one ' +
      `embedded PostgreSQL; the second was restarted (SIGTERM, start) halfway, which took ${run.restartSeconds.toFixed(1)} s.`,
    '',
    '| Operation | count | per s | p50 ms | p99 ms | expected refusals | unexpected errors |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const [operation, tally] of [...run.tallies].sort(([a], [b]) => (a < b ? -1 : 1))) {
    lines.push(
      `| ${operation} | ${tally.latencies.length} | ${(tally.latencies.length / run.elapsed).toFixed(1)} | ` +
        `${percentile(tally.latencies, 0.5).toFixed(0)} | ${percentile(tally.latencies, 0.99).toFixed(0)} | ` +
        `${tally.refused} | ${tally.unexpected.length} |`,
    );
  }
  lines.push(
    '',
    `Throughput: ${(total / run.elapsed).toFixed(0)} operations/s in all. Unexpected errors: ${unexpected.length} ` +
      `(target 0)${unexpected.length ? `, first: ${unexpected.slice(0, 3).join('; ')}` : ''}. ` +
      `Requests the balancer moved to the other process during the restart: ${run.failovers}. ` +
      `Deadlocks PostgreSQL broke (each retried, after a second's wait): ${run.deadlocks}.`,
    '',
    `Ledger at the end: ${run.isHealthy ? 'balanced (health check passes)' : 'NOT balanced'}; ` +
      `${acknowledgedCount} acknowledged operations checked in the database, ${run.missing.length} missing` +
      `${run.missing.length ? ` (${run.missing.slice(0, 3).join(', ')})` : ''}.`,
    '',
  );
  if (unexpected.length > 0 && run.serverErrors.length > 0) {
    lines.push('The servers logged these errors:', '', ...run.serverErrors.map((line) => `    ${line}`), '');
  }
  return lines.join('\n');
}

/** Puts the soak's section into bench/RESULTS.md, replacing the previous one. */
export async function writeSoakSection(section: string): Promise<void> {
  const file = path.join(ROOT, 'bench/RESULTS.md');
  const current = await readFile(file, 'utf8').catch(() => '# Benchmark results\n');
  const start = current.indexOf('## Mixed-workload soak');
  const end = start < 0 ? -1 : current.indexOf('\n## ', start + 1);
  const before = start < 0 ? `${current.trimEnd()}\n\n` : current.slice(0, start);
  const after = end < 0 ? '' : current.slice(end + 1);
  await writeFile(file, `${before}${section.trimEnd()}\n${after ? `\n${after}` : ''}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const section = await runSoak();
  await writeSoakSection(section);
  console.log(section);
}
