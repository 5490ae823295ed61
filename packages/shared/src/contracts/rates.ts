import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { ExchangeRatesSchema, SetRatesRequestSchema } from '../rates.ts';

export const adminRatesRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/rates',
  access: 'admin',
  permission: 'config.read',
  summary: "The operator's USD prices of Bitcoin and Ether, with when and by whom each was set.",
  response: z.object({ data: ExchangeRatesSchema }),
});

export const setRatesRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/rates',
  access: 'admin',
  permission: 'config.manage',
  summary: 'Set the USD prices of Bitcoin and Ether that chain deposits are credited at.',
  body: SetRatesRequestSchema,
  response: z.object({ data: ExchangeRatesSchema, message: z.string() }),
});
