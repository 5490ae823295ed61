import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import {
  FundReserveRequestSchema,
  InvestmentSchema,
  InvestRequestSchema,
  ReserveStatusSchema,
} from '../plans.ts';

export const investRoute = defineRoute({
  method: 'POST',
  path: '/api/user/invest',
  access: 'user',
  summary: 'Invest an amount of the available balance in a plan, on its terms as they are today.',
  body: InvestRequestSchema,
  response: z.object({ data: InvestmentSchema, message: z.string() }),
  status: 201,
  idempotent: true,
});

export const investmentsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/investments',
  access: 'user',
  summary: "The signed-in user's investments, running and completed.",
  response: z.object({ data: z.array(InvestmentSchema) }),
});

export const reserveRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/reserve',
  access: 'admin',
  permission: 'money.read',
  summary: 'The yield reserve plan returns are paid from, and what is due from it.',
  response: z.object({ data: ReserveStatusSchema }),
});

export const fundReserveRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/fundReserve',
  access: 'admin',
  permission: 'money.adjust',
  summary: 'Put operator money into the yield reserve.',
  body: FundReserveRequestSchema,
  response: z.object({ data: ReserveStatusSchema, message: z.string() }),
  idempotent: true,
  isReauthRequired: true,
});
