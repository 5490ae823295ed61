import { z } from 'zod';

/** What a second administrator must approve: where depositors are told to pay. */
export const ADMIN_CHANGE_KINDS = ['gateway.address', 'wallet.key', 'wallet.removal'] as const;
export type AdminChangeKind = (typeof ADMIN_CHANGE_KINDS)[number];

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
});
export type AdminChange = z.infer<typeof AdminChangeSchema>;
