import { z } from 'zod';
import type { QuorumKind } from './staff.ts';

/** What waits for a quorum: where depositors pay, large credits, who holds power, and the policy. */
export const ADMIN_CHANGE_KINDS = [
  'gateway.address',
  'wallet.key',
  'wallet.removal',
  'ledger.credit',
  'deposit.approval',
  'staff.roles',
  'staff.suspension',
  'staff.deletion',
  'policy.quorum',
] as const;
export type AdminChangeKind = (typeof ADMIN_CHANGE_KINDS)[number];

/** Which quorum of the policy each kind of change needs. */
export const ADMIN_CHANGE_QUORUM: Record<AdminChangeKind, QuorumKind> = {
  'gateway.address': 'destination',
  'wallet.key': 'destination',
  'wallet.removal': 'destination',
  'ledger.credit': 'credit',
  'deposit.approval': 'credit',
  'staff.roles': 'staff',
  'staff.suspension': 'staff',
  'staff.deletion': 'staff',
  'policy.quorum': 'policy',
};

export const ADMIN_CHANGE_LABELS: Record<AdminChangeKind, string> = {
  'gateway.address': 'Deposit address',
  'wallet.key': 'Wallet key',
  'wallet.removal': 'Wallet removal',
  'ledger.credit': 'Credit',
  'deposit.approval': 'Deposit approval',
  'staff.roles': 'Staff roles',
  'staff.suspension': 'Staff suspension',
  'staff.deletion': 'Staff deletion',
  'policy.quorum': 'Approval policy',
};

export const AdminChangeSchema = z.object({
  _id: z.string(),
  kind: z.enum(ADMIN_CHANGE_KINDS),
  /** The coin the change is about. */
  subject: z.string(),
  /** What will be applied, as the approver should read it (for a gateway: its address and QR image). */
  details: z.record(z.string(), z.string()),
  status: z.enum(['pending', 'approved', 'rejected']),
  requestedBy: z.object({ _id: z.string(), fullName: z.string(), email: z.string() }),
  requestedAt: z.string(),
  /** Approvals it needs besides its proposer's, and those given so far. */
  requiredApprovals: z.number().int(),
  approvals: z.array(z.object({ _id: z.string(), fullName: z.string(), at: z.string() })),
  /** Why the signed-in staff member cannot approve it, in a sentence; null when they can. */
  refusal: z.string().nullable(),
});
export type AdminChange = z.infer<typeof AdminChangeSchema>;
