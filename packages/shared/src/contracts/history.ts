import { defineRoute, pageOf } from '../contract.ts';
import {
  AdminTransactionSchema,
  AdminTransactionsQuerySchema,
  HistoryItemSchema,
  HistoryQuerySchema,
} from '../transactions.ts';

export const userHistoryRoute = defineRoute({
  method: 'GET',
  path: '/api/user/transactions',
  access: 'user',
  summary: "The signed-in user's deposits, withdrawals, adjustments and investments, newest first.",
  query: HistoryQuerySchema,
  response: pageOf(HistoryItemSchema),
});

export const allTransactionsRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/allTransactions',
  access: 'admin',
  permission: 'money.read',
  summary: 'Every deposit and withdrawal, newest first, optionally by status and type.',
  query: AdminTransactionsQuerySchema,
  response: pageOf(AdminTransactionSchema),
});
