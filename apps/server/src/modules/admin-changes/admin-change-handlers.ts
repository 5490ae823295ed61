import { creditChangeHandler } from '../adjustments/adjustments.service.ts';
import { walletKeyChangeHandler, walletRemovalChangeHandler } from '../chain/chain.service.ts';
import { depositApprovalChangeHandler } from '../deposits/deposits.service.ts';
import { gatewayChangeHandler } from '../gateways/gateways.service.ts';
import { quorumChangeHandler, staffRolesChangeHandler } from '../staff/staff.service.ts';
import { staffDeletionChangeHandler, staffSuspensionChangeHandler } from '../users/users.service.ts';
import type { AdminChangeHandlers } from './admin-changes.service.ts';

/** Every kind of change that waits for a quorum, and who applies it. */
export const ADMIN_CHANGE_HANDLERS: AdminChangeHandlers = {
  'gateway.address': gatewayChangeHandler,
  'wallet.key': walletKeyChangeHandler,
  'wallet.removal': walletRemovalChangeHandler,
  'ledger.credit': creditChangeHandler,
  'deposit.approval': depositApprovalChangeHandler,
  'staff.roles': staffRolesChangeHandler,
  'staff.suspension': staffSuspensionChangeHandler,
  'staff.deletion': staffDeletionChangeHandler,
  'policy.quorum': quorumChangeHandler,
};
