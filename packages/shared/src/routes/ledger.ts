import type { RouteRef } from '../contract.ts';
import type * as ledger from '../contracts/ledger.ts';

export const ledgerHealthRoute: RouteRef<typeof ledger.ledgerHealthRoute> = {
  method: 'GET',
  path: '/api/admin/ledger/health',
};
