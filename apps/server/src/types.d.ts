import type { RouteContract } from '@vestora/shared';
import type { AppConfig } from './config/env.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './lib/mailer.ts';
import type { DocumentKey } from './modules/identity/document-sealing.ts';
import type { Actor } from './modules/sessions/actor.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: AppConfig;
    clock: Clock;
    mailer: Mailer;
    /** Seals identity document images and signs their links; never stored in the database. */
    documentKey: DocumentKey;
    /** Every route registered through `route()`, in order. */
    contracts: RouteContract[];
    /** The staff API keys' own rate limit (lib/throttle.ts). */
    apiKeyRateLimit: ReturnType<FastifyInstance['createRateLimit']>;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}
