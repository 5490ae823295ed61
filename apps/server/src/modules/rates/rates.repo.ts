import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { exchangeRates } from '../../db/schema/index.ts';

export type ExchangeRateRow = typeof exchangeRates.$inferSelect;

export async function listExchangeRates(db: Executor): Promise<ExchangeRateRow[]> {
  return db.select().from(exchangeRates);
}

export async function upsertExchangeRates(db: Executor, rows: ExchangeRateRow[]): Promise<void> {
  await db
    .insert(exchangeRates)
    .values(rows)
    .onConflictDoUpdate({
      target: exchangeRates.coin,
      set: {
        usdCents: sql`excluded.usd_cents`,
        setAt: sql`excluded.set_at`,
        setBy: sql`excluded.set_by`,
      },
    });
}
