import { z } from 'zod';
import { defineRoute, idParams, MessageResponseSchema, pageOf } from '../contract.ts';
import { MESSAGES } from '../messages.ts';
import { PAYOUT_MESSAGES } from '../payout-messages.ts';
import {
  ApproveWithdrawalRequestSchema,
  CreatePayoutBatchRequestSchema,
  DeclineRequestSchema,
  PayoutBatchesSchema,
  PayoutBatchSchema,
  PayoutTransactionRequestSchema,
  SignedPayoutBatchRequestSchema,
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

const batchId = idParams(PAYOUT_MESSAGES.payoutBatchNotFound);

export const payoutBatchesRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/payout-batches',
  access: 'admin',
  permission: 'money.read',
  summary: "Open and on-chain Bitcoin payout batches, newest first, with the node's fee rate estimate.",
  response: PayoutBatchesSchema,
});

export const createPayoutBatchRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/payout-batches',
  access: 'admin',
  permission: 'money.approve',
  summary:
    "One unsigned PSBT paying the chosen approved Bitcoin withdrawals their coin amounts, spending outputs of the wallet's addresses and of reserve addresses (locked while the batch is open), change to the wallet key's next internal address, at the fee rate given.",
  body: CreatePayoutBatchRequestSchema,
  response: z.object({ data: PayoutBatchSchema, message: z.string() }),
  status: 201,
  idempotent: true,
  isReauthRequired: true,
});

export const signedPayoutBatchRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/payout-batches/:id/signed',
  access: 'admin',
  permission: 'money.approve',
  summary:
    "The signed PSBT (base64) or raw transaction (hex) of an open batch: accepted only if it is the batch's transaction exactly, then handed to the node and followed in blocks; its withdrawals are paid after their confirmations.",
  params: batchId,
  body: SignedPayoutBatchRequestSchema,
  response: MessageResponseSchema,
  idempotent: true,
  isReauthRequired: true,
});

export const cancelPayoutBatchRoute = defineRoute({
  method: 'DELETE',
  path: '/api/admin/payout-batches/:id',
  access: 'admin',
  permission: 'money.approve',
  summary:
    'Cancel an open batch before it is signed and broadcast: its withdrawals wait again and its outputs are freed.',
  params: batchId,
  response: MessageResponseSchema,
  idempotent: true,
});
