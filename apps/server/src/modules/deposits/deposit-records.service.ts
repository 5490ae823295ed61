/**
 * The deposit rows that the gateway and chain modules read and write. Apart from deposits.service,
 * which itself calls the gateways module, so that those callers import no circle.
 */
export {
  getDeposit,
  insertDeposit,
  listUsersWithPendingDepositsTo,
  updateChainDeposit,
} from './deposits.repo.ts';
