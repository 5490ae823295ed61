import { MESSAGES } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseWith } from '../../lib/validation.ts';
import { actorOf, requireUser } from '../auth/auth.guard.ts';
import {
  getLiabilityBalance,
  getLiabilityProof,
  listPublishedSnapshots,
  takeSnapshot,
} from './liabilities.service.ts';

const ProofQuerySchema = z.object({ snapshot: z.string().max(100).optional() });

export async function liabilityRoutes(app: FastifyInstance): Promise<void> {
  // Public: anyone can check the chain of roots and their signatures without an account.
  app.get('/api/liabilities', async () => ({ data: await listPublishedSnapshots(app.db) }));

  app.get('/api/user/liabilities/proof', { onRequest: requireUser }, async (request) => {
    const { snapshot } = parseWith(ProofQuerySchema, request.query);
    return {
      data: await getLiabilityProof(app.db, { userId: actorOf(request).user.id, snapshotId: snapshot }),
    };
  });

  app.get('/api/user/liabilities/balance', { onRequest: requireUser }, async (request) => ({
    data: await getLiabilityBalance(app.db, { userId: actorOf(request).user.id }),
  }));
}

/** Inside the admin scope. */
export async function adminLiabilityRoutes(app: FastifyInstance): Promise<void> {
  app.post('/liabilities/snapshots', async (_request, reply) => {
    const { snapshot } = await takeSnapshot(app.db, app.clock);
    return reply.code(201).send({ data: snapshot, message: MESSAGES.liabilitySnapshotTaken });
  });
}
