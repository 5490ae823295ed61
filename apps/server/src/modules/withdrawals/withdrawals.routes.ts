import {
  adminWithdrawalsRoute,
  approveWithdrawalRoute,
  declineWithdrawalRoute,
  MESSAGES,
  requestWithdrawalRoute,
  userWithdrawalsRoute,
} from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { throttle } from '../../lib/throttle.ts';
import {
  approveWithdrawal,
  declineWithdrawal,
  getWithdrawals,
  requestWithdrawal,
} from './withdrawals.service.ts';

export async function withdrawalRoutes(app: FastifyInstance): Promise<void> {
  route(
    app,
    requestWithdrawalRoute,
    async ({ tx, actor, body }) => ({
      data: await requestWithdrawal(
        tx,
        { actor, maxPending: app.config.caps.pendingWithdrawals, now: app.clock.now() },
        body,
      ),
      message: MESSAGES.withdrawalRequested,
    }),
    { onRequest: [throttle(app, 'write')] },
  );

  route(app, userWithdrawalsRoute, ({ query, actor }) =>
    getWithdrawals(app.db, { ...query, userId: actor.user.id }),
  );

  route(app, adminWithdrawalsRoute, ({ query }) => getWithdrawals(app.db, query));

  route(app, approveWithdrawalRoute, async ({ tx, actor, params, body }) => {
    await approveWithdrawal(tx, actor, params.id, { txHash: body.txHash || null });
    return { message: MESSAGES.withdrawalApproved };
  });

  route(app, declineWithdrawalRoute, async ({ tx, actor, params, body }) => {
    await declineWithdrawal(tx, actor, params.id, { reason: body.reason || null });
    return { message: MESSAGES.withdrawalDeclined };
  });
}
