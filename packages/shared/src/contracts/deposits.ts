import { z } from 'zod';
import { defineRoute, idParams, MessageResponseSchema } from '../contract.ts';
import { MESSAGES } from '../messages.ts';
import { DeclineRequestSchema, DepositRequestSchema } from '../transactions.ts';
import { TradeUserSchema } from '../user.ts';

const depositId = idParams(MESSAGES.transactionNotFound);

export const createDepositRoute = defineRoute({
  method: 'POST',
  path: '/api/user/deposit',
  access: 'user',
  summary: 'Report a deposit (coin, amount and an optional proof image); it waits for approval.',
  form: { fields: DepositRequestSchema, file: 'image' },
  response: z.object({ data: TradeUserSchema, message: z.string() }),
  idempotent: true,
});

export const approveDepositRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/approveDeposit/:id',
  access: 'admin',
  permission: 'money.approve',
  summary: "Approve a pending deposit: the amount is credited to the depositor's available balance.",
  params: depositId,
  response: MessageResponseSchema,
  idempotent: true,
  isReauthRequired: true,
});

export const declineDepositRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/declineDeposit/:id',
  access: 'admin',
  permission: 'money.approve',
  summary: 'Decline a pending deposit, with a reason the depositor sees; nothing is credited.',
  params: depositId,
  body: DeclineRequestSchema,
  response: MessageResponseSchema,
  idempotent: true,
});
