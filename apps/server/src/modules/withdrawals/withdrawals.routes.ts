import {
  adminWithdrawalsRoute,
  approveWithdrawalRoute,
  declineWithdrawalRoute,
  MESSAGES,
  requestWithdrawalRoute,
  userWithdrawalsRoute,
} from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import {
  approveWithdrawal,
  declineWithdrawal,
  getWithdrawals,
  getWithdrawalsForAdmin,
  requestWithdrawal,
} from './withdrawals.service.ts';

export async function withdrawalRoutes(app: FastifyInstance): Promise<void> {
  route(
    app,
    requestWithdrawalRoute,
    async ({ tx, actor, body }) => ({
      data: await requestWithdrawal(
        tx,
        {
          actor,
          maxPending: app.config.caps.pendingWithdrawals,
          now: app.clock.now(),
          dualApprovalCents: app.config.withdrawalSafety.dualApprovalCents,
        },
        body,
      ),
      message: MESSAGES.withdrawalRequested,
    }),
    { onRequest: [throttle(app, 'write')] },
  );

  route(app, userWithdrawalsRoute, ({ query, actor }) =>
    getWithdrawals(app.db, { ...query, userId: actor.user.id }),
  );

  route(app, adminWithdrawalsRoute, ({ query }) => getWithdrawalsForAdmin(app.db, query));

  route(app, approveWithdrawalRoute, async ({ tx, actor, params, body }) => {
    const outcome = await approveWithdrawal(
      tx,
      { actor, now: app.clock.now(), config: app.config },
      params.id,
      {
        txHash: body.txHash || null,
      },
    );
    return { message: outcome === 'paid' ? MESSAGES.withdrawalApproved : MESSAGES.withdrawalFirstApproval };
  });

  route(app, declineWithdrawalRoute, async ({ tx, actor, params, body }) => {
    await declineWithdrawal(tx, { actor, now: app.clock.now() }, params.id, { reason: body.reason || null });
    return { message: MESSAGES.withdrawalDeclined };
  });
}
