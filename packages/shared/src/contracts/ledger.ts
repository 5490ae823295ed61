import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { LedgerHealthSchema } from '../ledger.ts';

export const ledgerHealthRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/ledger/health',
  access: 'admin',
  permission: 'any',
  summary: 'Check the books: balances sum to zero, none negative, every decision settled.',
  /** `?cached=true`: the console's banner, content with a report up to a minute old. */
  query: z.object({ cached: z.enum(['true', 'false']).default('false') }),
  response: z.object({ data: LedgerHealthSchema }),
});
