import { userStatementRoute } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { throttle } from '../../lib/throttle.ts';
import { exportStatement } from './statement.service.ts';

export async function statementRoutes(app: FastifyInstance): Promise<void> {
  route(
    app,
    userStatementRoute,
    async ({ actor, query, reply }) => {
      const { fileName, content } = exportStatement(app, actor.user.id, query);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store');
      return content;
    },
    // Each export reads the user's whole ledger once: counted like a write.
    { onRequest: [throttle(app, 'write')] },
  );
}
