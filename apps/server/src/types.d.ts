import type { AppConfig } from './config/env.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './lib/mailer.ts';
import type { Actor } from './modules/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: AppConfig;
    clock: Clock;
    mailer: Mailer;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}
