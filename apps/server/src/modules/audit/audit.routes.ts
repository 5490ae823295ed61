import { auditChainRoute, auditLogRoute } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import { getAuditLog, verifyAuditChain } from './audit.service.ts';

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  route(app, auditLogRoute, ({ query }) => getAuditLog(app.db, query));
  route(app, auditChainRoute, async () => ({ data: await verifyAuditChain(app.db) }));
}
