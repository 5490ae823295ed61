import { AuditQuerySchema } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../lib/validation.ts';
import { getAuditLog } from './audit.service.ts';

/** Inside the admin scope. */
export async function adminAuditRoutes(app: FastifyInstance): Promise<void> {
  app.get('/audit', async (request) => getAuditLog(app.db, parseWith(AuditQuerySchema, request.query)));
}
