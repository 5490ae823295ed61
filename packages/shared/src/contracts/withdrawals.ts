import { z } from 'zod';
import { defineRoute, idParams, MessageResponseSchema, pageOf } from '../contract.ts';
import { MESSAGES } from '../messages.ts';
import {
  ApproveWithdrawalRequestSchema,
  DeclineRequestSchema,
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
  summary: 'Decline a pending withdrawal; the amount returns to the available balance.',
  params: withdrawalId,
  body: DeclineRequestSchema,
  response: MessageResponseSchema,
  idempotent: true,
});
