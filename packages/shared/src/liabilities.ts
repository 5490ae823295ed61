/** The messages of the proof of liabilities (liability-proofs.ts checks them). */

import { z } from 'zod';
import { COINS } from './transaction-kinds.ts';

/** 1: leaves salted, not bound to their owner; 2: leaves bound to their owner, reserves stated (decision 016). */
export const LiabilityFormatSchema = z.union([z.literal(1), z.literal(2)]);
export type LiabilityFormat = z.infer<typeof LiabilityFormatSchema>;

export const LiabilitySnapshotSchema = z.object({
  id: z.string(),
  /** ISO 8601 in UTC with milliseconds, exactly as signed: `2026-11-23T12:00:00.000Z`. */
  takenAt: z.string(),
  rootHash: z.string(),
  /** Cents, decimal string. */
  rootSum: z.string(),
  leafCount: z.number().int(),
  previousRootHash: z.string(),
  format: LiabilityFormatSchema,
  /** Format 2: lowercase hex SHA-256 of the statement's UTF-8 text, which the signature covers; format 1: null. */
  statementHash: z.string().nullable(),
  /** Format 2: the statement's headline figures, for a chart of every snapshot; format 1: null. */
  figures: z
    .object({
      liabilitiesCents: z.string(),
      reservesUsdCents: z.string(),
      solvencyBasisPoints: z.number().int().nullable(),
      coverageBasisPoints: z.number().int().nullable(),
    })
    .nullable(),
  /**
   * The statement's JSON text, verbatim: given for the newest snapshot of a list (and a snapshot just
   * taken); null for the others, whose text `GET /api/liabilities/:id/statement` serves.
   */
  statement: z.string().nullable(),
  /**
   * Hex Ed25519 signature over UTF-8 of `id:takenAt:rootHash:rootSum:previousRootHash`, followed in
   * format 2 by `:statementHash`.
   */
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

const ProofPositionSchema = z.object({
  snapshotId: z.string(),
  rootHash: z.string(),
  rootSum: z.string(),
  /** The leaf's position among the (padded) leaves. */
  index: z.number().int(),
  /** Leaves including padding: a power of two. */
  leafCount: z.number().int(),
  /** The siblings from the leaf's level up to just below the root. */
  path: z.array(LiabilityPathNodeSchema),
});

export const LiabilityProofSchema = z.discriminatedUnion('format', [
  ProofPositionSchema.extend({
    format: z.literal(1),
    leaf: z.object({ leafId: z.string(), salt: z.string(), sum: z.string() }),
  }),
  ProofPositionSchema.extend({
    format: z.literal(2),
    /** leaf hash = SHA-256(nonce ‖ UTF-8(userId) ‖ UTF-8(snapshotId)). */
    leaf: z.object({ userId: z.string(), nonce: z.string(), sum: z.string() }),
  }),
]);
export type LiabilityProof = z.infer<typeof LiabilityProofSchema>;

/** A user's balance now, in cents as decimal strings, to set beside what a snapshot counted. */
export const LiabilityBalanceSchema = z.object({
  availableCents: z.string(),
  withdrawalHoldCents: z.string(),
  investedCents: z.string(),
  totalCents: z.string(),
});
export type LiabilityBalance = z.infer<typeof LiabilityBalanceSchema>;

export const RESERVE_SIGNATURE_TYPES = ['bip322-simple', 'bitcoin-legacy', 'eip191'] as const;
export type ReserveSignatureType = (typeof RESERVE_SIGNATURE_TYPES)[number];
export const RESERVE_KINDS = ['address', 'account'] as const;
export type ReserveKind = (typeof RESERVE_KINDS)[number];
const CoinSchema = z.enum(COINS);
const BlockSchema = z.object({ height: z.number().int(), hash: z.string() });

export const ReserveHoldingSchema = z.object({
  address: z.string(),
  childIndex: z.number().int().nullable(),
  amountBaseUnits: z.string(),
  /** Bitcoin: the unspent outputs at the recorded block. */
  outputs: z
    .array(z.object({ txid: z.string(), vout: z.number().int(), amountBaseUnits: z.string() }))
    .optional(),
});
export type ReserveHolding = z.infer<typeof ReserveHoldingSchema>;

/** What proves a reserve: the address (or account key and index) and its signature over the challenge. */
const ReserveProofSchema = z.object({
  coin: CoinSchema,
  kind: z.enum(RESERVE_KINDS),
  address: z.string(),
  accountKey: z.string().nullable(),
  childIndex: z.number().int().nullable(),
  challenge: z.string(),
  signatureType: z.enum(RESERVE_SIGNATURE_TYPES),
  signature: z.string(),
});

/** A reserve address registered by an operator, with its ownership signature. */
export const ReserveSchema = ReserveProofSchema.extend({
  id: z.string(),
  registeredAt: z.string(),
  registeredBy: z.string().nullable(),
});
export type Reserve = z.infer<typeof ReserveSchema>;

/** One reserve as a statement publishes it: who signed, over what, and what it held at the block. */
export const StatedReserveSchema = ReserveProofSchema.extend({
  network: z.string(),
  holdings: z.array(ReserveHoldingSchema),
  amountBaseUnits: z.string(),
  usdCents: z.string(),
});
export type StatedReserve = z.infer<typeof StatedReserveSchema>;

/** What a format 2 snapshot signs besides its root (decision 016): reserves, rates, blocks, ratios. */
export const SolvencyStatementSchema = z.object({
  format: z.literal(2),
  platform: z.string(),
  liabilitiesCents: z.string(),
  blocks: z.object({ bitcoin: BlockSchema.optional(), ethereum: BlockSchema.optional() }),
  rates: z.partialRecord(CoinSchema, z.object({ usdCentsPerCoin: z.string(), at: z.string() })),
  reserves: z.array(StatedReserveSchema),
  reservesUsdCents: z.string(),
  yieldReserveCents: z.string(),
  promisedReturnsCents: z.string(),
  /** floor(reserves × 10000 / liabilities); null when nothing is owed. */
  solvencyBasisPoints: z.number().int().nullable(),
  /** floor(reserves × 10000 / (liabilities + promised returns)); null when nothing is owed or promised. */
  coverageBasisPoints: z.number().int().nullable(),
});
export type SolvencyStatement = z.infer<typeof SolvencyStatementSchema>;
