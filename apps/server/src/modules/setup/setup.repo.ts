import { and, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { gateways, ledgerAccounts, plans } from '../../db/schema/index.ts';

type Coin = (typeof gateways.$inferSelect)['coin'];

/** The coins that have at least one active wallet address. */
export async function listCoinsWithGateway(db: Executor): Promise<Coin[]> {
  const rows = await db
    .selectDistinct({ coin: gateways.coin })
    .from(gateways)
    .where(eq(gateways.status, 'active'));
  return rows.map(({ coin }) => coin);
}

export async function countActivePlans(db: Executor): Promise<number> {
  const [row] = await db.select({ total: count() }).from(plans).where(eq(plans.status, 'active'));
  return row?.total ?? 0;
}

export async function getYieldReserveCents(db: Executor): Promise<bigint> {
  const [row] = await db
    .select({ balanceCents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(and(isNull(ledgerAccounts.userId), eq(ledgerAccounts.kind, 'yield_reserve')));
  return row?.balanceCents ?? 0n;
}
