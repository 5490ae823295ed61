import { adminUserStatementRoute, userStatementRoute } from '@vestora/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import { exportStatement, exportUserStatementForAdmin, type Statement } from './statement.service.ts';

/** A statement goes out as a CSV download, never cached. */
function sendStatement(reply: FastifyReply, { fileName, content }: Statement) {
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store');
  return content;
}

export async function statementRoutes(app: FastifyInstance): Promise<void> {
  // Each export reads a user's whole ledger once: counted like a write.
  const costly = { onRequest: [throttle(app, 'write')] };

  route(
    app,
    userStatementRoute,
    async ({ actor, query, reply }) =>
      sendStatement(
        reply,
        await exportStatement(app, { userId: actor.user.id, requestedBy: actor.user.id }, query),
      ),
    costly,
  );

  route(
    app,
    adminUserStatementRoute,
    async ({ actor, params, query, reply }) =>
      sendStatement(
        reply,
        await exportUserStatementForAdmin(app, { userId: params.id, requestedBy: actor.user.id }, query),
      ),
    costly,
  );
}
