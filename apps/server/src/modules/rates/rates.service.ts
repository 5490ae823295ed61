import { type ExchangeRate, type ExchangeRates, RATED_COINS, type RatedCoin } from '@vestora/shared';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { runInTransaction } from '../../lib/transaction.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Actor } from '../sessions/actor.ts';
import { type ExchangeRateRow, listExchangeRates, upsertExchangeRates } from './rates.repo.ts';

export interface CurrentRate {
  usdCents: bigint;
  setAt: Date;
  setBy: string | null;
}

const isRatedCoin = (coin: string): coin is RatedCoin => (RATED_COINS as readonly string[]).includes(coin);

/** The latest price the operator set for each coin; a coin never priced is absent. */
export async function getCurrentRates(db: Executor): Promise<Partial<Record<RatedCoin, CurrentRate>>> {
  const rates: Partial<Record<RatedCoin, CurrentRate>> = {};
  for (const row of await listExchangeRates(db)) {
    if (isRatedCoin(row.coin))
      rates[row.coin] = { usdCents: row.usdCents, setAt: row.setAt, setBy: row.setBy };
  }
  return rates;
}

function toExchangeRate(rate: CurrentRate | undefined): ExchangeRate | null {
  if (!rate) return null;
  const dollars = rate.usdCents / 100n;
  const cents = (rate.usdCents % 100n).toString().padStart(2, '0');
  return { usd: `${dollars}.${cents}`, setAt: rate.setAt.toISOString(), setBy: rate.setBy };
}

export async function getExchangeRates(db: Executor): Promise<ExchangeRates> {
  const rates = await getCurrentRates(db);
  return { btc: toExchangeRate(rates.btc), eth: toExchangeRate(rates.eth) };
}

/** Sets both prices at once, audited with what they were before. */
export async function setExchangeRates(
  deps: { db: Database; clock: Clock },
  actor: Actor,
  usdCents: Record<RatedCoin, bigint>,
): Promise<ExchangeRates> {
  return runInTransaction(deps.db, async (tx) => {
    const before = await getExchangeRates(tx);
    const setAt = deps.clock.now();
    const rows: ExchangeRateRow[] = RATED_COINS.map((coin) => ({
      coin,
      usdCents: usdCents[coin],
      setAt,
      setBy: actor.user.id,
    }));
    await upsertExchangeRates(tx, rows);
    const after = await getExchangeRates(tx);
    await recordAudit(tx, actor, {
      action: 'rates.set',
      targetType: 'exchange_rates',
      targetId: RATED_COINS.join(','),
      before,
      after,
    });
    return after;
  });
}
