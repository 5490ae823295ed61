import { allTransactionsRoute, userHistoryRoute } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import { getAllTransactions, getUserHistory } from './history.service.ts';

export async function historyRoutes(app: FastifyInstance): Promise<void> {
  route(app, userHistoryRoute, ({ actor, query }) => getUserHistory(app.db, app.config.chain, actor, query));

  route(app, allTransactionsRoute, ({ query }) => getAllTransactions(app, query));
}
