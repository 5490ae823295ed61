import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { MESSAGES } from '@vestora/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config/env.ts';
import { AppError } from './errors.ts';

/**
 * Counters for the general rate limit: in Redis when REDIS_URL is set, so several server processes
 * share one limit; otherwise in this process's memory. A Redis outage lets requests through rather
 * than taking the site down: the limits that guard accounts live in PostgreSQL (attempts), not here.
 */
export async function registerThrottles(app: FastifyInstance, config: AppConfig): Promise<void> {
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1 }) : undefined;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'rate-limit counters unavailable in Redis'));
  await app.register(fastifyRateLimit, {
    global: false,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: 'vestora-throttle:' } : { store: MemoryStore }),
  });
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  // One counter per key across every admin route: created once, so the in-memory store is one too.
  app.decorate(
    'apiKeyRateLimit',
    app.createRateLimit({
      max: config.apiKeyRateLimitPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `api-key:${request.actor?.apiKey?.id}`,
    }),
  );
}

/**
 * A staff API key's own limit, API_KEY_RATE_LIMIT_PER_MINUTE requests a minute whatever the route,
 * shared by the processes as the general limit is. Answers 429 with Retry-After.
 */
export async function throttleApiKey(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const result = await request.server.apiKeyRateLimit(request);
  if (result.isAllowed || !result.isExceeded) return;
  reply.header('retry-after', result.ttlInSeconds);
  throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyRequests, {
    retryAfterSeconds: result.ttlInSeconds,
  });
}

/**
 * Fixed-window counters in this process. The plugin's own in-memory store hands every caller the
 * same mutable counter, so requests arriving together all read the last one's count and are all
 * refused; here each caller gets the count its own increment produced.
 */
class MemoryStore implements FastifyRateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow = 60_000,
  ): void {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size >= MAX_TRACKED_KEYS) this.dropExpired(now);
      window = { count: 0, resetAt: now + timeWindow };
      this.windows.set(key, window);
    }
    window.count += 1;
    callback(null, { current: window.count, ttl: window.resetAt - now });
  }

  child(): FastifyRateLimitStore {
    return new MemoryStore();
  }

  private dropExpired(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** Beyond this many addresses and accounts in one window, expired counters are swept first. */
const MAX_TRACKED_KEYS = 50_000;

export type ThrottleKind = 'signup' | 'write';

/**
 * An onRequest hook for a route that writes or costs CPU: at most so many requests per window from
 * one address, and (after requireUser) from one account, counted per route. Runs before the body is
 * read, so a refused upload costs nothing. Answers 429 with Retry-After.
 */
export function throttle(app: FastifyInstance, kind: ThrottleKind): onRequestAsyncHookHandler {
  const { perMinute, signupsPerHour } = app.config.rateLimit;
  const window =
    kind === 'signup'
      ? { max: signupsPerHour, timeWindow: 60 * 60_000 }
      : { max: perMinute, timeWindow: 60_000 };
  const byAddress = app.createRateLimit({
    ...window,
    keyGenerator: (request) => `${request.routeOptions.url}:ip:${request.ip}`,
  });
  const byAccount = app.createRateLimit({
    ...window,
    keyGenerator: (request) => `${request.routeOptions.url}:user:${request.actor?.user.id}`,
  });
  return async (request, reply) => {
    const results = [await byAddress(request)];
    if (request.actor) results.push(await byAccount(request));
    for (const result of results) {
      if (result.isAllowed || !result.isExceeded) continue;
      reply.header('retry-after', result.ttlInSeconds);
      throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyRequests, {
        retryAfterSeconds: result.ttlInSeconds,
      });
    }
  };
}
