import {
  liabilityBalanceRoute,
  liabilityProofRoute,
  liabilitySnapshotsRoute,
  liabilityStatementRoute,
  MESSAGES,
  registerReserveRoute,
  removeReserveRoute,
  reserveChallengeRoute,
  reservesRoute,
  takeLiabilitySnapshotRoute,
} from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import {
  getLiabilityBalance,
  getLiabilityProof,
  getStatement,
  listPublishedSnapshots,
  takeSnapshot,
} from './liabilities.service.ts';
import { challengeFor, listReserves, registerReserve, removeReserve } from './reserves.service.ts';

export async function liabilityRoutes(app: FastifyInstance): Promise<void> {
  // Public: anyone can check the chain of roots and their signatures without an account.
  route(app, liabilitySnapshotsRoute, async () => ({ data: await listPublishedSnapshots(app.db) }));

  route(app, liabilityStatementRoute, async ({ params }) => ({
    data: { statement: await getStatement(app.db, params) },
  }));

  route(app, liabilityProofRoute, async ({ actor, query }) => ({
    data: await getLiabilityProof(app.db, { userId: actor.user.id, snapshotId: query.snapshot }),
  }));

  route(app, liabilityBalanceRoute, async ({ actor }) => ({
    data: await getLiabilityBalance(app.db, { userId: actor.user.id }),
  }));

  const solvency = { publicUrl: app.config.publicUrl, chain: app.config.chain };
  route(app, takeLiabilitySnapshotRoute, async () => ({
    data: (await takeSnapshot(app.db, app.clock, solvency)).snapshot,
    message: MESSAGES.solvencySnapshotTaken,
  }));

  route(app, reservesRoute, async () => ({ data: await listReserves(app.db) }));

  const reserveSettings = {
    publicUrl: app.config.publicUrl,
    bitcoinNetwork: app.config.chain.bitcoinNetwork,
  };
  route(app, reserveChallengeRoute, async ({ query }) => ({
    data: {
      challenge: challengeFor(
        reserveSettings,
        { address: query.address, accountKey: query.accountKey || undefined },
        app.clock.now(),
      ),
    },
  }));

  route(app, registerReserveRoute, async ({ actor, body }) => ({
    data: await registerReserve(
      {
        db: app.db,
        clock: app.clock,
        actor,
        settings: reserveSettings,
      },
      body,
    ),
    message: MESSAGES.reserveRegistered,
  }));

  route(app, removeReserveRoute, async ({ actor, params }) => {
    await removeReserve({ db: app.db, clock: app.clock, actor }, params);
    return { message: MESSAGES.reserveRemoved };
  });
}
