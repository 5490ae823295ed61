import { z } from 'zod';
import { defineRoute, idParams, MessageResponseSchema, pageOf } from '../contract.ts';
import { MESSAGES } from '../messages.ts';
import {
  ApproveWithdrawalRequestSchema,
  DeclineRequestSchema,
  PayoutTransactionRequestSchema,
  UnsignedTransactionSchema,
  WithdrawalSchema,
  WithdrawalsQuerySchema,
  WithdrawRequestSchema,
} from '../transactions.ts';

const withdrawalId = idParams(MESSAGES.transactionNotFound);

export const requestWithdrawalRoute = defineRoute({
  method: 'POST',
  path: '/api/user/withdraw',
  access: 'user',
  summary: 'Request a withdrawal; the amount leaves the available balance at once and waits for approval.',
  body: WithdrawRequestSchema,
  response: z.object({ data: WithdrawalSchema, message: z.string() }),
  status: 201,
  idempotent: true,
});

export const userWithdrawalsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/withdrawals',
  access: 'user',
  summary: "The signed-in user's withdrawals, newest first.",
  query: WithdrawalsQuerySchema,
  response: pageOf(WithdrawalSchema),
});

export const adminWithdrawalsRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/withdrawals',
  access: 'admin',
  permission: 'money.read',
  summary:
    'Every withdrawal, newest first, optionally by status, with the approvals of those that need two administrators.',
  query: WithdrawalsQuerySchema,
  response: pageOf(WithdrawalSchema).extend({
    /** How many administrators there are: with one, a withdrawal needing two approvals waits. */
    administratorCount: z.number().int(),
  }),
});

export const approveWithdrawalRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/approveWithdrawal/:id',
  access: 'admin',
  permission: 'money.approve',
  summary:
    'Pay a pending withdrawal out, with the payout transaction hash if there is one; a large one is paid on the approval of a second administrator.',
  params: withdrawalId,
  body: ApproveWithdrawalRequestSchema,
  response: MessageResponseSchema,
  idempotent: true,
  isReauthRequired: true,
});

export const declineWithdrawalRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/declineWithdrawal/:id',
  access: 'admin',
  permission: 'money.approve',
  summary:
    'Decline a pending withdrawal, or an approved one still waiting for its payment; the amount returns to the available balance.',
  params: withdrawalId,
  body: DeclineRequestSchema,
  response: MessageResponseSchema,
  idempotent: true,
});

export const payoutTransactionRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/withdrawals/:id/payout',
  access: 'admin',
  permission: 'money.approve',
  summary:
    "Give the hash of the Ethereum transaction that paid an approved ETH or USDT withdrawal. It is read from the node and accepted only as a successful payment of at least the coin amount to the withdrawal's address, from a registered reserve address, not used for another withdrawal; the withdrawal is paid once it has its confirmations.",
  params: withdrawalId,
  body: PayoutTransactionRequestSchema,
  response: MessageResponseSchema,
  idempotent: true,
  isReauthRequired: true,
});

export const unsignedPayoutRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/withdrawals/:id/unsigned-transaction',
  access: 'admin',
  permission: 'money.approve',
  summary:
    'An unsigned EIP-1559 transaction paying an approved ETH or USDT withdrawal its coin amount, fees from the node, for any wallet to sign (it adds its nonce).',
  params: withdrawalId,
  response: UnsignedTransactionSchema,
});
