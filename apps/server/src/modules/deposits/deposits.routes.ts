import { approveDepositRoute, createDepositRoute, declineDepositRoute, MESSAGES } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import { approveDeposit, createDeposit, declineDeposit } from './deposits.service.ts';

export async function depositRoutes(app: FastifyInstance): Promise<void> {
  route(
    app,
    createDepositRoute,
    async ({ tx, actor, body, file }) => ({
      data: await createDeposit(
        tx,
        {
          actor,
          minDepositCents: app.config.minDepositCents,
          maxPending: app.config.caps.pendingDeposits,
          fileUrlBase: app.config.fileUrlBase,
        },
        { ...body, proof: file },
      ),
      message: MESSAGES.depositSuccess,
    }),
    { onRequest: [throttle(app, 'write')] },
  );

  route(app, approveDepositRoute, async ({ tx, actor, params }) => {
    const outcome = await approveDeposit(
      tx,
      { actor, now: app.clock.now(), clock: app.clock, config: app.config },
      params.id,
    );
    return { message: outcome === 'approved' ? MESSAGES.depositApproved : MESSAGES.depositFirstApproval };
  });

  route(app, declineDepositRoute, async ({ tx, actor, params, body }) => {
    await declineDeposit(tx, { actor, now: app.clock.now() }, params.id, { reason: body.reason || null });
    return { message: MESSAGES.depositDeclined };
  });
}
