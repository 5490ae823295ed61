import {
  adminWithdrawalsRoute,
  approveWithdrawalRoute,
  cancelPayoutBatchRoute,
  createPayoutBatchRoute,
  declineWithdrawalRoute,
  MESSAGES,
  PAYOUT_MESSAGES,
  payoutBatchesRoute,
  payoutTransactionRoute,
  requestWithdrawalRoute,
  signedPayoutBatchRoute,
  unsignedPayoutRoute,
  userWithdrawalsRoute,
  withdrawalLimitsRoute,
} from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import type { Actor } from '../sessions/actor.ts';
import {
  cancelPayoutBatch,
  createPayoutBatch,
  getPayoutBatches,
  submitSignedBatch,
} from './payout-batches.service.ts';
import { ethereumPayoutsOf, submitPayoutTransaction, unsignedPayout } from './payouts.service.ts';
import { getWithdrawalLimits } from './withdrawal-limits.ts';
import {
  approveWithdrawal,
  declineWithdrawal,
  getWithdrawals,
  getWithdrawalsForAdmin,
  requestWithdrawal,
} from './withdrawals.service.ts';

const APPROVAL_MESSAGES = {
  paid: MESSAGES.withdrawalApproved,
  awaitingPayment: PAYOUT_MESSAGES.withdrawalApprovedAwaitingPayment,
  awaitingApprovals: MESSAGES.withdrawalFirstApproval,
} as const;

export async function withdrawalRoutes(app: FastifyInstance): Promise<void> {
  const payouts = ethereumPayoutsOf(app.config.chain);
  const batchDeps = (actor: Actor) => ({ db: app.db, actor, now: app.clock.now(), config: app.config.chain });

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
          limitCents: app.config.withdrawalLimitCents,
          config: app.config.chain,
          passkeyDeps: app,
        },
        body,
      ),
      message: MESSAGES.withdrawalRequested,
    }),
    { onRequest: [throttle(app, 'write')] },
  );

  route(app, userWithdrawalsRoute, ({ query, actor }) =>
    getWithdrawals(app.db, app.config.chain, { ...query, userId: actor.user.id }),
  );

  route(app, withdrawalLimitsRoute, async ({ actor }) => ({
    data: await getWithdrawalLimits(app.db, {
      user: actor.user,
      limitCents: app.config.withdrawalLimitCents,
    }),
  }));

  route(app, adminWithdrawalsRoute, ({ query }) => getWithdrawalsForAdmin(app.db, app.config.chain, query));

  route(app, approveWithdrawalRoute, async ({ tx, actor, params, body }) => {
    const outcome = await approveWithdrawal(
      tx,
      { actor, now: app.clock.now(), config: app.config },
      params.id,
      {
        txHash: body.txHash || null,
      },
    );
    return { message: APPROVAL_MESSAGES[outcome] };
  });

  route(app, payoutTransactionRoute, async ({ tx, actor, params, body }) => {
    const outcome = await submitPayoutTransaction(
      tx,
      { actor, now: app.clock.now(), config: app.config.chain, payouts },
      params.id,
      body,
    );
    return {
      message: outcome === 'paid' ? PAYOUT_MESSAGES.payoutTxConfirmed : PAYOUT_MESSAGES.payoutTxAccepted,
    };
  });

  route(app, unsignedPayoutRoute, ({ params }) => unsignedPayout(app.db, payouts, params.id));

  route(app, payoutBatchesRoute, () => getPayoutBatches(app.db, app.config.chain));

  route(app, createPayoutBatchRoute, async ({ tx, actor, body }) => ({
    data: await createPayoutBatch(tx, batchDeps(actor), body),
    message: PAYOUT_MESSAGES.payoutBatchCreated,
  }));

  route(app, signedPayoutBatchRoute, async ({ tx, actor, params, body }) => ({
    message: await submitSignedBatch(tx, batchDeps(actor), params.id, body),
  }));

  route(app, cancelPayoutBatchRoute, async ({ tx, actor, params }) => {
    await cancelPayoutBatch(tx, batchDeps(actor), params.id);
    return { message: PAYOUT_MESSAGES.payoutBatchCancelled };
  });

  route(app, declineWithdrawalRoute, async ({ tx, actor, params, body }) => {
    await declineWithdrawal(tx, { actor, now: app.clock.now() }, params.id, { reason: body.reason || null });
    return { message: MESSAGES.withdrawalDeclined };
  });
}
