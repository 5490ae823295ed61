import { z } from 'zod';

/** The ledger's health: every check of the books, as `GET /api/admin/ledger/health` answers it. */
export const LedgerHealthSchema = z.object({
  isHealthy: z.boolean(),
  /** The sum of every ledger balance; anything but '0' means money appeared or vanished. */
  totalCents: z.string(),
  negativeUserBalances: z.number().int(),
  mismatchedBalances: z.number().int(),
  unsettledApprovedDeposits: z.number().int(),
  unsettledDecidedWithdrawals: z.number().int(),
  /** Platform account balances in USD, by account kind. */
  platformAccounts: z.record(z.string(), z.number()),
  /** When the server computed this report from the transfers (`?cached=true` answers only). */
  checkedAt: z.string().optional(),
});
export type LedgerHealth = z.infer<typeof LedgerHealthSchema>;
