import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  bitcoinFollowedBlocks,
  bitcoinFollowedOutputs,
  bitcoinFollowedScripts,
} from '../../db/schema/index.ts';

export type FollowedScriptRow = typeof bitcoinFollowedScripts.$inferSelect;
export type FollowedOutputRow = typeof bitcoinFollowedOutputs.$inferSelect;
export type BlockRef = { height: number; hash: string };

export async function listFollowedScripts(db: Executor): Promise<FollowedScriptRow[]> {
  return db.select().from(bitcoinFollowedScripts);
}

export async function insertFollowedScripts(
  db: Executor,
  scripts: { scriptHex: string; address: string; fromHeight: number }[],
): Promise<void> {
  if (scripts.length === 0) return;
  await db.insert(bitcoinFollowedScripts).values(scripts).onConflictDoNothing();
}

/** The last block read: the highest one kept. */
export async function readFollowCursor(db: Executor): Promise<BlockRef | undefined> {
  const [row] = await db
    .select({ height: bitcoinFollowedBlocks.height, hash: bitcoinFollowedBlocks.blockHash })
    .from(bitcoinFollowedBlocks)
    .orderBy(desc(bitcoinFollowedBlocks.height))
    .limit(1);
  return row;
}

export async function readFollowedBlockHash(
  db: Executor,
  { height }: { height: number },
): Promise<string | undefined> {
  const [row] = await db
    .select({ hash: bitcoinFollowedBlocks.blockHash })
    .from(bitcoinFollowedBlocks)
    .where(eq(bitcoinFollowedBlocks.height, height));
  return row?.hash;
}

export async function saveFollowedBlock(db: Executor, { height, hash }: BlockRef): Promise<void> {
  await db
    .insert(bitcoinFollowedBlocks)
    .values({ height, blockHash: hash })
    .onConflictDoUpdate({ target: bitcoinFollowedBlocks.height, set: { blockHash: hash } });
}

/**
 * Takes back everything read above `height`: the blocks, the outputs they created and the spends
 * they made. After it the tables hold exactly what the blocks up to `height` say.
 */
export async function forgetAbove(db: Executor, { height }: { height: number }): Promise<void> {
  await db.delete(bitcoinFollowedOutputs).where(gt(bitcoinFollowedOutputs.blockHeight, height));
  await db
    .update(bitcoinFollowedOutputs)
    .set({ spentByTxid: null, spentAtHeight: null })
    .where(gt(bitcoinFollowedOutputs.spentAtHeight, height));
  await db.delete(bitcoinFollowedBlocks).where(gt(bitcoinFollowedBlocks.height, height));
}

/** `txid:vout` of every recorded output not yet spent: the only inputs a new block can matter for. */
export async function listUnspentOutpoints(db: Executor): Promise<Set<string>> {
  const rows = await db
    .select({ txid: bitcoinFollowedOutputs.txid, vout: bitcoinFollowedOutputs.vout })
    .from(bitcoinFollowedOutputs)
    .where(isNull(bitcoinFollowedOutputs.spentAtHeight));
  return new Set(rows.map((row) => `${row.txid}:${row.vout}`));
}

export async function insertFollowedOutputs(
  db: Executor,
  outputs: (typeof bitcoinFollowedOutputs.$inferInsert)[],
): Promise<void> {
  if (outputs.length === 0) return;
  await db.insert(bitcoinFollowedOutputs).values(outputs);
}

export async function markOutputsSpent(
  db: Executor,
  spends: { txid: string; vout: number; spentByTxid: string; spentAtHeight: number }[],
): Promise<void> {
  if (spends.length === 0) return;
  const values = sql.join(
    spends.map(
      (spend) =>
        sql`(${spend.txid}::text, ${spend.vout}::integer, ${spend.spentByTxid}::text, ${spend.spentAtHeight}::bigint)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update ${bitcoinFollowedOutputs} as output
    set spent_by_txid = spend.spent_by_txid, spent_at_height = spend.spent_at_height
    from (values ${values}) as spend (txid, vout, spent_by_txid, spent_at_height)
    where output.txid = spend.txid and output.vout = spend.vout`);
}

/** The outputs of these scripts created at or below `height` and not spent at or below it. */
export async function listUnspentOutputsAt(
  db: Executor,
  { scriptHexes, height }: { scriptHexes: string[]; height: number },
): Promise<FollowedOutputRow[]> {
  if (scriptHexes.length === 0) return [];
  return db
    .select()
    .from(bitcoinFollowedOutputs)
    .where(
      and(
        inArray(bitcoinFollowedOutputs.scriptHex, scriptHexes),
        lte(bitcoinFollowedOutputs.blockHeight, height),
        or(isNull(bitcoinFollowedOutputs.spentAtHeight), gt(bitcoinFollowedOutputs.spentAtHeight, height)),
      ),
    )
    .orderBy(bitcoinFollowedOutputs.blockHeight, bitcoinFollowedOutputs.txid, bitcoinFollowedOutputs.vout);
}

/** Who spent each of these outputs and at which height, as the follower recorded it. */
export async function listOutpointSpends(
  db: Executor,
  outpoints: { txid: string; vout: number }[],
): Promise<Map<string, { spentByTxid: string | null; spentAtHeight: number | null }>> {
  if (outpoints.length === 0) return new Map();
  const rows = await db
    .select({
      txid: bitcoinFollowedOutputs.txid,
      vout: bitcoinFollowedOutputs.vout,
      spentByTxid: bitcoinFollowedOutputs.spentByTxid,
      spentAtHeight: bitcoinFollowedOutputs.spentAtHeight,
    })
    .from(bitcoinFollowedOutputs)
    .where(
      or(
        ...outpoints.map((outpoint) =>
          and(eq(bitcoinFollowedOutputs.txid, outpoint.txid), eq(bitcoinFollowedOutputs.vout, outpoint.vout)),
        ),
      ),
    );
  return new Map(
    rows.map((row) => [
      `${row.txid}:${row.vout}`,
      {
        spentByTxid: row.spentByTxid,
        spentAtHeight: row.spentAtHeight === null ? null : Number(row.spentAtHeight),
      },
    ]),
  );
}
