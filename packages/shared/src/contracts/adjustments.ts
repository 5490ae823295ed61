import { z } from 'zod';
import { defineRoute, idParams } from '../contract.ts';
import { MESSAGES } from '../messages.ts';
import { CreditOrDebitRequestSchema } from '../transactions.ts';
import { AdminUserRowSchema } from '../user.ts';

export const creditOrDebitRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/creditOrDebit/:id',
  access: 'admin',
  permission: 'money.adjust',
  summary: "Credit or debit a user's available balance, with the reason the user sees.",
  params: idParams(MESSAGES.userNotFound),
  body: CreditOrDebitRequestSchema,
  response: z.object({ data: AdminUserRowSchema, message: z.string() }),
  idempotent: true,
  isReauthRequired: true,
});
