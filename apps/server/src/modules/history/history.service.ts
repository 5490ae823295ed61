import {
  type AdminTransaction,
  type AdminTransactionsQuery,
  centsToUsd,
  type HistoryItem,
  type HistoryQuery,
  type Page,
} from '@vestora/shared';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../auth/auth.service.ts';
import { listAllTransactions, listUserHistory } from './history.repo.ts';

export async function getUserHistory(
  db: Executor,
  actor: Actor,
  query: HistoryQuery,
): Promise<Page<HistoryItem>> {
  const { rows, total } = await listUserHistory(db, { userId: actor.user.id, ...query });
  return {
    data: rows.map((row) => ({
      _id: row.id,
      type: row.type,
      mode: row.mode,
      amount: centsToUsd(BigInt(row.amount_cents)),
      status: row.status,
      reason: row.reason,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

export async function getAllTransactions(
  db: Executor,
  query: AdminTransactionsQuery,
): Promise<Page<AdminTransaction>> {
  const { rows, total } = await listAllTransactions(db, query);
  return {
    data: rows.map((row) => ({
      _id: row.id,
      type: row.type,
      mode: row.mode,
      userId: row.user_id,
      fullName: row.full_name,
      userName: row.user_name,
      amount: centsToUsd(BigInt(row.amount_cents)),
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
      // Receipts are served through short-lived signed links (gateways and uploads issue).
      image: null,
      address: row.address,
      reason: row.reason,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}
