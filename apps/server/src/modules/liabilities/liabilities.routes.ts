import {
  liabilityBalanceRoute,
  liabilityProofRoute,
  liabilitySnapshotsRoute,
  MESSAGES,
  takeLiabilitySnapshotRoute,
} from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import {
  getLiabilityBalance,
  getLiabilityProof,
  listPublishedSnapshots,
  takeSnapshot,
} from './liabilities.service.ts';

export async function liabilityRoutes(app: FastifyInstance): Promise<void> {
  // Public: anyone can check the chain of roots and their signatures without an account.
  route(app, liabilitySnapshotsRoute, async () => ({ data: await listPublishedSnapshots(app.db) }));

  route(app, liabilityProofRoute, async ({ actor, query }) => ({
    data: await getLiabilityProof(app.db, { userId: actor.user.id, snapshotId: query.snapshot }),
  }));

  route(app, liabilityBalanceRoute, async ({ actor }) => ({
    data: await getLiabilityBalance(app.db, { userId: actor.user.id }),
  }));

  route(app, takeLiabilitySnapshotRoute, async () => ({
    data: (await takeSnapshot(app.db, app.clock)).snapshot,
    message: MESSAGES.liabilitySnapshotTaken,
  }));
}
