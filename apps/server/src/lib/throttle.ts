import fastifyRateLimit from '@fastify/rate-limit';
import { MESSAGES } from '@vestora/shared';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config/env.ts';
import { AppError } from './errors.ts';

/**
 * Counters for the general rate limit: in Redis when REDIS_URL is set, so several server processes
 * share one limit; otherwise in this process's memory. A Redis outage lets requests through rather
 * than taking the site down: the limits that guard accounts live in PostgreSQL (attempts), not here.
 */
export async function registerThrottles(app: FastifyInstance, config: AppConfig): Promise<void> {
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : undefined;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'rate-limit counters unavailable in Redis'));
  await app.register(fastifyRateLimit, {
    global: false,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: 'vestora-throttle:' } : {}),
  });
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
}

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
