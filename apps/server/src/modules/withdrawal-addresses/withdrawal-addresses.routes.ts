import {
  addWithdrawalAddressRoute,
  cancelWithdrawalAddressRoute,
  MESSAGES,
  removeWithdrawalAddressRoute,
  withdrawalAddressesRoute,
} from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import {
  addWithdrawalAddress,
  cancelWithdrawalAddress,
  getAddressBook,
  removeWithdrawalAddress,
} from './withdrawal-addresses.service.ts';

export async function withdrawalAddressRoutes(app: FastifyInstance): Promise<void> {
  route(app, withdrawalAddressesRoute, ({ actor }) => getAddressBook(app, actor.user.id));

  route(
    app,
    addWithdrawalAddressRoute,
    async ({ actor, body }) => ({
      data: await addWithdrawalAddress(app, actor, body),
      message:
        app.config.withdrawalSafety.addressCoolOffMs === 0
          ? MESSAGES.withdrawalAddressSavedUsableNow
          : MESSAGES.withdrawalAddressSaved,
    }),
    { onRequest: [throttle(app, 'write')] },
  );

  route(app, removeWithdrawalAddressRoute, async ({ actor, params }) => {
    await removeWithdrawalAddress(app, actor, params.id);
    return { message: MESSAGES.withdrawalAddressRemoved };
  });

  route(
    app,
    cancelWithdrawalAddressRoute,
    async ({ body }) => {
      await cancelWithdrawalAddress(app, body.token);
      return { message: MESSAGES.withdrawalAddressCancelled };
    },
    { onRequest: [throttle(app, 'write')] },
  );
}
