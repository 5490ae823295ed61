import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fundUser, requestDeposit } from '../../../test/money.ts';
import { ADMIN, bearer, createTestApp, login, signUpAndLogin, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { connectDatabase, type DatabaseConnection } from '../../db/client.ts';
import { systemClock } from '../../lib/clock.ts';
import { payDueReturns } from '../investments/plan-payouts.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** A TCP relay to PostgreSQL that the test can cut, as a database machine going away would. */
async function startRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve) => {
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  const port = await listen(0);
  return {
    port,
    async cut() {
      await new Promise((resolve) => {
        server.close(resolve);
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: () => listen(port),
  };
}

let t: TestApp;
const extra: { app: FastifyInstance; connection: DatabaseConnection }[] = [];
/** Cut after the apps and their pools close, so no pool is left ending clients on dead sockets. */
const relays: { cut(): Promise<void> }[] = [];
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN, login: { maxFailures: 1, windowMs: 60_000 } });
});
afterEach(async () => {
  for (const { app, connection } of extra.splice(0)) {
    await app.close();
    await connection.close();
  }
  for (const relay of relays.splice(0)) await relay.cut();
});
afterAll(async () => {
  await t.close();
});

/** A second server with its own configuration on the database `url`. */
async function serverOn(url: string, overrides: Partial<TestApp['config']> = {}) {
  const connection = connectDatabase(url);
  const app = await buildApp({ config: { ...t.config, ...overrides }, db: connection.db, logger: false });
  extra.push({ app, connection });
  return app;
}

describe('GET /healthz and /readyz', () => {
  it('answer without a session: the process is alive and ready on a migrated database', async () => {
    const health = await t.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('/readyz is 503 while the database is unreachable and 200 once it is back', async () => {
    const url = new URL(String(t.pool.options.connectionString));
    const relay = await startRelay(url);
    relays.push(relay);
    const relayed = new URL(url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    const app = await serverOn(relayed.toString());
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);

    await relay.cut();
    const down = await app.inject({ url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe('The database does not answer.');
    // The process itself still answers: restarting it would not help.
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);

    await relay.restore();
    await expect.poll(async () => (await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('keeps the process up when a connection in use drops: the client fails, nothing is thrown', async () => {
    const url = new URL(String(t.pool.options.connectionString));
    const relay = await startRelay(url);
    relays.push(relay);
    const relayed = new URL(url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    const connection = connectDatabase(relayed.toString());
    try {
      // As a transaction, or a job holding its advisory lock, has its client while the database goes.
      const client = await connection.pool.connect();
      const ended = new Promise((resolve) => client.once('end', resolve));
      await relay.cut();
      await ended;
      await expect(client.query('select 1')).rejects.toThrow();
      client.release(true);
    } finally {
      await connection.close();
    }
  });

  it('/readyz is 503 on a database the migrations have not reached', async () => {
    const url = new URL(String(t.pool.options.connectionString));
    const name = `${url.pathname.slice(1)}_bare`;
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    url.pathname = `/${name}`;
    const bare = new pg.Client({ connectionString: url.toString() });
    await bare.connect();
    await bare.query('create schema drizzle');
    await bare.query(
      'create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
    );
    await bare.query(`insert into drizzle.__drizzle_migrations (hash, created_at) values ('old', 1)`);
    await bare.end();
    const app = await serverOn(url.toString());
    const response = await app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe('Database migrations are not applied yet.');
  });
});

/** Every line is a comment or `name{labels} value`, as Prometheus' text format requires. */
function parsePrometheus(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[^}]*\})?) (-?(?:[0-9.]+(?:e[+-]?[0-9]+)?|NaN|\+Inf|-Inf))$/;
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const match = sample.exec(line);
    if (!match?.[1] || !match[2]) throw new Error(`not Prometheus text: ${line}`);
    samples.set(match[1], Number(match[2]));
  }
  return samples;
}

async function scrape(app: FastifyInstance = t.app): Promise<Map<string, number>> {
  const response = await app.inject({ url: '/metrics', headers: bearer(TOKEN) });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheus(response.body);
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const app = await serverOn(String(t.pool.options.connectionString), { metricsToken: undefined });
    const response = await app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Not found.');
  });

  it('asks for the token: 401 without one, with a wrong one, or with the right one not as a bearer', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token',
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      const response = await t.app.inject({
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json().message).toBe('A valid metrics token is required.');
      expect(response.body).not.toContain('vestora_');
    }
  });

  it('reports requests by route pattern and status, the pool, postings, pending requests, payouts and refusals', async () => {
    const admin = await login(t.app, ADMIN.email, ADMIN.password);
    const { token, user } = await signUpAndLogin(t.app);
    const profileRoute =
      'vestora_http_requests_total{method="GET",route="/api/user/userprofile/:id",status="200"}';
    const before = await scrape();
    for (let index = 0; index < 3; index += 1) {
      await t.app.inject({ url: `/api/user/userprofile/${user._id}`, headers: bearer(token) });
    }
    await fundUser(t.app, admin.token, user._id, 25);
    expect((await requestDeposit(t.app, token, '100')).statusCode).toBe(200);
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userNameOrEmail: user.userName, password: 'Wrong#Pass1' },
    });
    expect(failed.statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userNameOrEmail: user.userName, password: 'Wrong#Pass1' },
    });
    expect(refused.statusCode).toBe(429);
    await payDueReturns(t.db, systemClock);

    const after = await scrape();
    expect((after.get(profileRoute) ?? 0) - (before.get(profileRoute) ?? 0)).toBe(3);
    expect(
      after.has(
        `vestora_http_requests_total{method="GET",route="/api/user/userprofile/${user._id}",status="200"}`,
      ),
    ).toBe(false);
    expect(
      after.get(
        'vestora_http_request_duration_seconds_count{method="GET",route="/api/user/userprofile/:id",status="200"}',
      ),
    ).toBeGreaterThanOrEqual(3);
    expect(after.get('vestora_rate_limit_refusals_total{route="/api/user/login"}')).toBe(
      (before.get('vestora_rate_limit_refusals_total{route="/api/user/login"}') ?? 0) + 1,
    );
    expect((after.get('vestora_ledger_transfers') ?? 0) - (before.get('vestora_ledger_transfers') ?? 0)).toBe(
      1,
    );
    const { rows } = await t.pool.query<{ count: string }>(
      `select count(*) from deposits where status = 'pending'`,
    );
    expect(after.get('vestora_pending_requests{type="deposit"}')).toBe(Number(rows[0]?.count));
    expect(after.get('vestora_pending_requests{type="withdrawal"}')).toBe(0);
    expect(after.get('vestora_payout_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(after.get('vestora_payout_lag_seconds')).toBeLessThan(60);
    expect(after.get('vestora_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(after.has('vestora_db_pool_connections{state="waiting"}')).toBe(true);
    expect(after.get('vestora_database_up')).toBe(1);
    expect(after.get('vestora_http_requests_in_flight{method="GET",route="/api/user/userprofile/:id"}')).toBe(
      0,
    );
    // The probes are not counted as traffic.
    expect([...after.keys()].some((name) => name.includes('route="/metrics"'))).toBe(false);
  });
});
