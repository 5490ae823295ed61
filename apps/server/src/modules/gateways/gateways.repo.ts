import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { gateways } from '../../db/schema/index.ts';

export type GatewayRow = typeof gateways.$inferSelect;
type Coin = GatewayRow['coin'];

export async function insertGateway(
  db: Executor,
  values: { coin: Coin; address: string; imageFileId: string; createdBy: string },
): Promise<GatewayRow> {
  const [row] = await db.insert(gateways).values(values).returning();
  if (!row) throw new Error('gateway insert returned nothing');
  return row;
}

/** Active gateways, newest first: the newest address of a coin is the one depositors are shown. */
export async function listActiveGateways(
  db: Executor,
  { coin }: { coin?: Coin } = {},
): Promise<GatewayRow[]> {
  const active = eq(gateways.status, 'active');
  return db
    .select()
    .from(gateways)
    .where(coin ? and(active, eq(gateways.coin, coin)) : active)
    .orderBy(desc(gateways.createdAt), desc(gateways.id));
}

export async function retireGateway(db: Executor, { id, now }: { id: string; now: Date }): Promise<boolean> {
  const retired = await db
    .update(gateways)
    .set({ status: 'deleted', deletedAt: now })
    .where(and(eq(gateways.id, id), eq(gateways.status, 'active')))
    .returning({ id: gateways.id });
  return retired.length === 1;
}
