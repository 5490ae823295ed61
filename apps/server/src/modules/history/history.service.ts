import {
  type AdminTransaction,
  type AdminTransactionsQuery,
  centsToUsd,
  type HistoryItem,
  type HistoryQuery,
  type Page,
} from '@vestora/shared';
import type { AppConfig, ChainConfig } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import { chainDetailsOfDeposits } from '../chain/chain.service.ts';
import { type FileLinkDeps, signedFileUrl } from '../files/files.service.ts';
import type { Actor } from '../sessions/actor.ts';
import { payoutsOfWithdrawals } from '../withdrawals/payouts.service.ts';
import { listAllTransactions, listUserHistory } from './history.repo.ts';

function idsOf(rows: { id: string; type: string }[], type: 'deposit' | 'withdrawal'): string[] {
  return rows.filter((row) => row.type === type).map((row) => row.id);
}

export async function getUserHistory(
  db: Executor,
  chainConfig: ChainConfig,
  actor: Actor,
  query: HistoryQuery,
): Promise<Page<HistoryItem>> {
  const { rows, total } = await listUserHistory(db, { userId: actor.user.id, ...query });
  const [chain, payouts] = await Promise.all([
    chainDetailsOfDeposits(db, chainConfig, idsOf(rows, 'deposit')),
    payoutsOfWithdrawals(db, chainConfig, idsOf(rows, 'withdrawal')),
  ]);
  return {
    data: rows.map((row) => ({
      _id: row.id,
      type: row.type,
      mode: row.mode,
      amount: centsToUsd(BigInt(row.amount_cents)),
      status: row.status,
      reason: row.reason,
      payoutReference: row.payout_reference,
      createdAt: new Date(row.created_at).toISOString(),
      ...(chain.has(row.id) ? { chain: chain.get(row.id) } : {}),
      ...(payouts.has(row.id) ? { payout: payouts.get(row.id) } : {}),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

export async function getAllTransactions(
  deps: FileLinkDeps & { db: Database; config: Pick<AppConfig, 'chain'> },
  query: AdminTransactionsQuery,
): Promise<Page<AdminTransaction>> {
  const { rows, total } = await listAllTransactions(deps.db, query);
  const chain = await chainDetailsOfDeposits(deps.db, deps.config.chain, idsOf(rows, 'deposit'));
  const data = await Promise.all(
    rows.map(async (row) => ({
      _id: row.id,
      type: row.type,
      mode: row.mode,
      userId: row.user_id,
      fullName: row.full_name,
      userName: row.user_name,
      amount: centsToUsd(BigInt(row.amount_cents)),
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
      // A new browser tab sends no Authorization header: the receipt opens through a short-lived signed link.
      image: row.proof_file_id ? await signedFileUrl(deps, row.proof_file_id) : null,
      address: row.address,
      reason: row.reason,
      duplicateProof: row.duplicate_proof,
      ...(chain.has(row.id) ? { chain: chain.get(row.id) } : {}),
    })),
  );
  return {
    data,
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}
