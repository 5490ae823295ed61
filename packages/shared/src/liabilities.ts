/** The messages of the proof of liabilities (liability-proofs.ts checks them). */

import { z } from 'zod';

export const LiabilitySnapshotSchema = z.object({
  id: z.string(),
  /** ISO 8601 in UTC with milliseconds, exactly as signed: `2026-11-23T12:00:00.000Z`. */
  takenAt: z.string(),
  rootHash: z.string(),
  /** Cents, decimal string. */
  rootSum: z.string(),
  leafCount: z.number().int(),
  previousRootHash: z.string(),
  /** Hex Ed25519 signature over UTF-8 of `id:takenAt:rootHash:rootSum:previousRootHash`. */
  signature: z.string(),
});
export type LiabilitySnapshot = z.infer<typeof LiabilitySnapshotSchema>;

/**
 * Who guards money leaving: how many staff must approve a large withdrawal and how many could, so
 * depositors see the governance they trust (1 of 1 is a single approver).
 */
export const GovernanceSchema = z.object({
  approvers: z.number().int(),
  eligible: z.number().int(),
});
export type Governance = z.infer<typeof GovernanceSchema>;

export const LiabilityListSchema = z.object({
  /** Hex of the 32-byte raw Ed25519 public key. */
  publicKey: z.string(),
  governance: GovernanceSchema,
  /** Newest first. */
  snapshots: z.array(LiabilitySnapshotSchema),
});
export type LiabilityList = z.infer<typeof LiabilityListSchema>;

export const LiabilityPathNodeSchema = z.object({
  hash: z.string(),
  /** Cents, decimal string. */
  sum: z.string(),
});

export const LiabilityProofSchema = z.object({
  snapshotId: z.string(),
  rootHash: z.string(),
  rootSum: z.string(),
  leaf: z.object({ leafId: z.string(), salt: z.string(), sum: z.string() }),
  /** The leaf's position among the (padded) leaves. */
  index: z.number().int(),
  /** Leaves including padding: a power of two. */
  leafCount: z.number().int(),
  /** The siblings from the leaf's level up to just below the root. */
  path: z.array(LiabilityPathNodeSchema),
});
export type LiabilityProof = z.infer<typeof LiabilityProofSchema>;

/** A user's balance now, in cents as decimal strings, to set beside what a snapshot counted. */
export const LiabilityBalanceSchema = z.object({
  availableCents: z.string(),
  withdrawalHoldCents: z.string(),
  investedCents: z.string(),
  totalCents: z.string(),
});
export type LiabilityBalance = z.infer<typeof LiabilityBalanceSchema>;
