import { walletKeyChangeHandler, walletRemovalChangeHandler } from '../chain/chain.service.ts';
import { gatewayChangeHandler } from '../gateways/gateways.service.ts';
import type { AdminChangeHandlers } from './admin-changes.service.ts';

/** Every kind of change that waits for a second administrator, and who applies it. */
export const ADMIN_CHANGE_HANDLERS: AdminChangeHandlers = {
  'gateway.address': gatewayChangeHandler,
  'wallet.key': walletKeyChangeHandler,
  'wallet.removal': walletRemovalChangeHandler,
};
