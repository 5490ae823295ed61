import {
  adminWalletsRoute,
  chainDepositsRoute,
  depositAddressRoute,
  MESSAGES,
  removeWalletRoute,
  setWalletRoute,
} from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import {
  getDepositAddress,
  listUserChainPayments,
  listWallets,
  removeWallet,
  setWallet,
} from './chain.service.ts';

export async function chainRoutes(app: FastifyInstance): Promise<void> {
  const deps = { db: app.db, clock: app.clock, config: app.config.chain };

  route(app, adminWalletsRoute, async () => ({ data: await listWallets(app.db, app.config.chain) }));

  route(
    app,
    setWalletRoute,
    async ({ actor, params, body }) => {
      const { wallet, isWaitingForApproval } = await setWallet(deps, actor, params.coin, body);
      const message = body.preview
        ? MESSAGES.walletPreviewed
        : isWaitingForApproval
          ? MESSAGES.walletChangeWaiting
          : MESSAGES.walletSaved;
      return { data: wallet, message };
    },
    { onRequest: [throttle(app, 'write')] },
  );

  route(
    app,
    removeWalletRoute,
    async ({ actor, params }) => {
      const { wallet, isWaitingForApproval } = await removeWallet(deps, actor, params.coin);
      return {
        data: wallet,
        message: isWaitingForApproval ? MESSAGES.walletRemovalWaiting : MESSAGES.walletRemoved,
      };
    },
    { onRequest: [throttle(app, 'write')] },
  );

  route(app, depositAddressRoute, async ({ actor, params }) => ({
    data: await getDepositAddress(deps, actor.user.id, params.coin),
  }));

  route(app, chainDepositsRoute, async ({ actor }) => ({
    data: await listUserChainPayments(app.db, app.config.chain, actor.user.id),
  }));
}
