import type { Executor } from '../../db/client.ts';
import { sumPromisedReturnsCents } from './investments.repo.ts';

/**
 * The plan returns still to be paid by active investments until they mature, in cents, exactly as
 * the payer (plan-payouts.ts) will pay them: per investment, its unpaid periods times
 * `returnPerPeriodCents`, whose SQL twin the sum uses so 100,000 investments cost one aggregate,
 * not 100,000 rows sent over. Returns only: the principal is already counted in the investors'
 * `invested` balances and goes back from there (or to the yield reserve for a plan that keeps it).
 * Pass the snapshot's transaction so this figure and the balances beside it describe one moment.
 */
export async function promisedReturnsCents(db: Executor): Promise<bigint> {
  return sumPromisedReturnsCents(db);
}
