import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { readOperationalFigures } from './operations.repo.ts';

/** Probes and the scrape itself would drown the traffic they watch; they are not counted. */
const UNCOUNTED_ROUTES = new Set(['/metrics', '/healthz', '/readyz']);

const digest = (value: string) => createHash('sha256').update(value).digest();

/** True when `header` is `Bearer <token>`; compared in constant time, whatever the lengths. */
function hasBearerToken(header: string | undefined, token: string): boolean {
  const given = header?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim() ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * `GET /metrics` in the Prometheus text format. Without METRICS_TOKEN it does not exist (404);
 * with it, it answers only to `Authorization: Bearer <token>`. Request figures are per process (sum
 * them across instances); database figures are read at scrape time and are the same on every process.
 */
export function registerMetrics(app: FastifyInstance, token: string | undefined): void {
  if (!token) {
    app.get('/metrics', { config: { rateLimit: false } }, async (_request, reply) => {
      const message = 'Not found.';
      return reply.code(404).send({ message, error: message });
    });
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'vestora_process_' });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'vestora_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'vestora_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'vestora_http_requests_in_flight',
    help: 'HTTP requests being answered right now, by method and route pattern.',
    labelNames: ['method', 'route'],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'vestora_rate_limit_refusals_total',
    help: 'Requests refused with 429 Too Many Requests, by route pattern.',
    labelNames: ['route'],
    registers: [registry],
  });
  const pool = app.db.$client;
  new Gauge({
    name: 'vestora_db_pool_connections',
    help: 'Connections of this process to PostgreSQL: total open, idle, and requests waiting for one.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  const databaseUp = new Gauge({
    name: 'vestora_database_up',
    help: '1 when the database answered the last scrape, 0 when it did not.',
    registers: [registry],
  });
  const ledgerTransfers = new Gauge({
    name: 'vestora_ledger_transfers',
    help: 'Ledger postings (transfers) committed, all processes together; it only grows.',
    registers: [registry],
  });
  const pending = new Gauge({
    name: 'vestora_pending_requests',
    help: 'Deposits and withdrawals waiting for an administrator.',
    labelNames: ['type'],
    registers: [registry],
  });
  const payoutLag = new Gauge({
    name: 'vestora_payout_lag_seconds',
    help: 'Seconds since the plan payouts last completed a run, on any process.',
    registers: [registry],
  });

  const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';
  app.addHook('onRequest', async (request, reply: FastifyReply) => {
    const route = routeOf(request);
    if (UNCOUNTED_ROUTES.has(route)) return;
    const labels = { method: request.method, route };
    inFlight.inc(labels);
    // 'close' fires once however the exchange ends, an aborted request included.
    reply.raw.once('close', () => inFlight.dec(labels));
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    if (UNCOUNTED_ROUTES.has(route)) return;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) refusals.inc({ route });
  });

  app.get('/metrics', { config: { rateLimit: false } }, async (request, reply) => {
    if (!hasBearerToken(request.headers.authorization, token)) {
      const message = 'A valid metrics token is required.';
      return reply.code(401).header('www-authenticate', 'Bearer').send({ message, error: message });
    }
    try {
      const figures = await readOperationalFigures(app.db);
      databaseUp.set(1);
      ledgerTransfers.set(figures.ledgerTransfers);
      pending.set({ type: 'deposit' }, figures.pendingDeposits);
      pending.set({ type: 'withdrawal' }, figures.pendingWithdrawals);
      payoutLag.reset();
      if (figures.payoutsCompletedAt) {
        payoutLag.set((app.clock.now().getTime() - figures.payoutsCompletedAt.getTime()) / 1000);
      }
    } catch (error) {
      request.log.warn({ err: error }, 'metrics: the database did not answer');
      databaseUp.set(0);
      for (const gauge of [ledgerTransfers, pending, payoutLag]) gauge.reset();
    }
    return reply
      .type(registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
