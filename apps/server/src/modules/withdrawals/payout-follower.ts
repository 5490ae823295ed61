import { runAsLeader, startRepeating } from '../../lib/leader-job.ts';
import { followBitcoinBatches } from './payout-batches.service.ts';
import { ethereumPayoutsOf, followPayouts, type PayoutFollowerDeps } from './payouts.service.ts';

const PAYOUT_FOLLOW_LOCK_ID = 7_215_028;

/**
 * Follows payouts where this process holds the lock, one follower across every process: Ethereum
 * payouts by their transaction, Bitcoin batches by the spends of their inputs.
 */
export function startPayoutFollower(deps: Omit<PayoutFollowerDeps, 'payouts'>): () => Promise<void> {
  const payouts = ethereumPayoutsOf(deps.config);
  if (!payouts && !deps.config.bitcoinRpcUrl) return async () => {};
  const run = async () => {
    if (payouts) await followPayouts({ ...deps, payouts });
    if (deps.config.bitcoinRpcUrl) await followBitcoinBatches(deps);
  };
  return startRepeating(
    () =>
      runAsLeader(deps.db, PAYOUT_FOLLOW_LOCK_ID, run).catch((error: unknown) =>
        deps.log.error({ err: error }, 'payout follower run failed'),
      ),
    deps.config.pollIntervalMs,
  );
}
