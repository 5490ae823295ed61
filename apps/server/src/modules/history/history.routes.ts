import { AdminTransactionsQuerySchema, HistoryQuerySchema } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../lib/validation.ts';
import { actorOf, requireUser } from '../auth/auth.guard.ts';
import { getAllTransactions, getUserHistory } from './history.service.ts';

export async function historyRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/user/transactions', { onRequest: requireUser }, async (request) => {
    return getUserHistory(
      app.db,
      app.config.chain,
      actorOf(request),
      parseWith(HistoryQuerySchema, request.query),
    );
  });
}

/** Inside the admin scope. */
export async function adminHistoryRoutes(app: FastifyInstance): Promise<void> {
  app.get('/allTransactions', async (request) => {
    return getAllTransactions(
      app.db,
      app.clock,
      app.config.chain,
      parseWith(AdminTransactionsQuerySchema, request.query),
    );
  });
}
