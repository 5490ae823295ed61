import type { AppConfig } from './config/env.ts';
import type { Database } from './db/client.ts';
import type { FileStorage } from './lib/storage.ts';
import type { Actor } from './modules/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: AppConfig;
    storage: FileStorage;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}
