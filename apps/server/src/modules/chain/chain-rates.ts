import type { Coin } from '@vestora/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

export interface UsdRate {
  usdCents: bigint;
  setAt: Date;
}

/** How a confirmed payment is valued; the watcher takes it as a parameter so tests can pass their own. */
export type RateOf = (db: Executor, coin: Exclude<Coin, 'usdt'>) => Promise<UsdRate | null>;

/**
 * The operator's USD price of a coin, from `exchange_rates`, whose writes (PUT /api/admin/rates,
 * audited) belong to the rates module. Read with plain SQL so the chain module does not depend on it.
 */
export const readUsdRate: RateOf = async (db, coin) => {
  const result = await db.execute<{ usd_cents: string; set_at: Date }>(
    sql`select usd_cents::text as usd_cents, set_at from exchange_rates where coin = ${coin}`,
  );
  const row = result.rows[0];
  return row ? { usdCents: BigInt(row.usd_cents), setAt: new Date(row.set_at) } : null;
};
