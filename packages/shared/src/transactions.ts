import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { MAX_AMOUNT_CENTS, parseUsdToCents } from './money.ts';
import { PasskeyAssertionSchema } from './passkeys.ts';
import { PAYOUT_MESSAGES } from './payout-messages.ts';
import {
  COINS,
  type Coin,
  HISTORY_TYPES,
  PAYOUT_STATES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from './transaction-kinds.ts';

export const isBlank = (value: unknown) => value === undefined || value === null || value === '';
const isCoin = (value: unknown): value is Coin => COINS.includes(value as Coin);

/** An amount field: a number or decimal string, into cents; the message names what is wrong. */
export function amountCents(value: unknown, ctx: z.RefinementCtx, invalidMessage: string): bigint {
  const cents = parseUsdToCents(value);
  if (cents === null || cents <= 0n) {
    ctx.addIssue({ code: 'custom', message: invalidMessage });
    return z.NEVER;
  }
  if (cents > MAX_AMOUNT_CENTS) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.amountTooLarge });
    return z.NEVER;
  }
  return cents;
}

/** Multipart fields arrive as strings; JSON clients may send a number. */
export const DepositRequestSchema = z
  .object({ mode: z.unknown().optional(), amount: z.unknown().optional() })
  .transform((input, ctx) => {
    if (isBlank(input.mode) || isBlank(input.amount)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.depositModeAndAmount });
      return z.NEVER;
    }
    if (!isCoin(input.mode)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.unknownCoin });
      return z.NEVER;
    }
    return { mode: input.mode, amountCents: amountCents(input.amount, ctx, MESSAGES.amountNumberOnly) };
  });

export const CreditOrDebitRequestSchema = z
  .object({
    mode: z.unknown().optional(),
    amount: z.unknown().optional(),
    reason: z.string().trim().max(500).optional(),
  })
  .transform((input, ctx) => {
    if (isBlank(input.mode) || isBlank(input.amount)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.adjustmentFieldsRequired });
      return z.NEVER;
    }
    if (input.mode !== 'credit' && input.mode !== 'debit') {
      ctx.addIssue({ code: 'custom', message: MESSAGES.adjustmentMode });
      return z.NEVER;
    }
    const mode: 'credit' | 'debit' = input.mode === 'credit' ? 'credit' : 'debit';
    return {
      mode,
      amountCents: amountCents(input.amount, ctx, MESSAGES.invalidAmount),
      reason: input.reason || null,
    };
  });

/**
 * A withdrawal names a saved address: by `addressId`, or by the coin and the address itself (which
 * must then match a usable saved one, as the server checks).
 */
export const WithdrawRequestSchema = z
  .object({
    amount: z.unknown().optional(),
    method: z.unknown().optional(),
    address: z.unknown().optional(),
    addressId: z.unknown().optional(),
    /** For an account with passkeys: an assertion bound to exactly this amount and address. */
    passkey: PasskeyAssertionSchema.optional(),
  })
  .transform((input, ctx) => {
    const isById = !isBlank(input.addressId);
    if (isBlank(input.amount) || (!isById && (isBlank(input.method) || isBlank(input.address)))) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.withdrawFieldsRequired });
      return z.NEVER;
    }
    if (isById) {
      const addressId = z.uuid().safeParse(input.addressId);
      if (!addressId.success) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.withdrawalAddressNotSaved });
        return z.NEVER;
      }
      return {
        target: { addressId: addressId.data.toLowerCase() },
        amountCents: amountCents(input.amount, ctx, MESSAGES.invalidAmount),
        passkey: input.passkey,
      };
    }
    if (!isCoin(input.method)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.unknownCoin });
      return z.NEVER;
    }
    if (typeof input.address !== 'string' || input.address.length > 120) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalidAddress });
      return z.NEVER;
    }
    return {
      target: { method: input.method, address: input.address.trim() },
      amountCents: amountCents(input.amount, ctx, MESSAGES.invalidAmount),
      passkey: input.passkey,
    };
  });

export const DeclineRequestSchema = z.object({ reason: z.string().trim().max(500).optional() });
export const ApproveWithdrawalRequestSchema = z.object({ txHash: z.string().trim().max(200).optional() });

/** EIP-1559 fields, hex quantities, as wallets and eth_signTransaction take them (the wallet adds its nonce). */
export const UnsignedTransactionSchema = z.object({
  type: z.literal('0x2'),
  chainId: z.string(),
  to: z.string(),
  value: z.string(),
  data: z.string(),
  gas: z.string(),
  maxFeePerGas: z.string(),
  maxPriorityFeePerGas: z.string(),
});
export type UnsignedTransaction = z.infer<typeof UnsignedTransactionSchema>;

/** The hash of the Ethereum transaction that paid an approved withdrawal, checked on chain. */
export const PayoutTransactionRequestSchema = z.object({
  txHash: z
    .string({ error: PAYOUT_MESSAGES.payoutTxHashInvalid })
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, PAYOUT_MESSAGES.payoutTxHashInvalid)
    .transform((hash) => hash.toLowerCase()),
});

const pageFields = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
};

export const AdminTransactionsQuerySchema = z.object({
  ...pageFields,
  status: z.enum(TRANSACTION_STATUSES).optional(),
  type: z.enum(TRANSACTION_TYPES).optional(),
});
export type AdminTransactionsQuery = z.infer<typeof AdminTransactionsQuerySchema>;

export const HistoryQuerySchema = z.object({ ...pageFields, type: z.enum(HISTORY_TYPES).optional() });
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

export const WithdrawalsQuerySchema = z.object({
  ...pageFields,
  status: z.enum(TRANSACTION_STATUSES).optional(),
});

/** What the chain says about a deposit paid to the user's own address. */
export const ChainDetailsSchema = z.object({
  state: z.enum(['detected', 'confirming', 'credited', 'orphaned']),
  /** In whole coins, exact. */
  coinAmount: z.string(),
  /** USD per coin it was credited at; null until credited. */
  rate: z.number().nullable(),
  txId: z.string(),
  txUrl: z.string(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  isBelowMinimum: z.boolean(),
});
export type ChainDetails = z.infer<typeof ChainDetailsSchema>;

/** Admin transaction row: the Transaction entity of specification section 3. */
export const AdminTransactionSchema = z.object({
  _id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  mode: z.enum(COINS),
  fullName: z.string(),
  userName: z.string(),
  userId: z.string(),
  amount: z.number(),
  status: z.enum(TRANSACTION_STATUSES),
  createdAt: z.string(),
  image: z.string().nullable(),
  address: z.string().nullable(),
  reason: z.string().nullable(),
  /** The proof's content was already sent with an earlier deposit: a reused receipt. */
  duplicateProof: z.boolean(),
  /** A deposit seen on chain: its payment, credited by the watcher, not by an administrator. */
  chain: ChainDetailsSchema.optional(),
});
export type AdminTransaction = z.infer<typeof AdminTransactionSchema>;

/** An approved withdrawal's payout: what was owed in the coin and what the chain shows of it. */
export const WithdrawalPayoutSchema = z.object({
  state: z.enum(PAYOUT_STATES),
  /** The chain showed this payment; false when staff marked it paid with a reference nobody checked. */
  isVerified: z.boolean(),
  /** The paying transaction (or the reference staff gave), and its explorer page when it is on chain. */
  txId: z.string().nullable(),
  txUrl: z.string().nullable(),
  /** Blocks on top of the transaction's, the last time it was read, and how many make it paid. */
  confirmations: z.number().int().nullable(),
  requiredConfirmations: z.number().int().nullable(),
  /** The coin amount owed, in base units (satoshi, wei, USDT micro-units), fixed at approval. */
  coinAmountBaseUnits: z.string().nullable(),
  /** The USD price of one coin it was converted at, in cents. */
  usdCentsPerCoin: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type WithdrawalPayout = z.infer<typeof WithdrawalPayoutSchema>;

export const HistoryItemSchema = z.object({
  _id: z.string(),
  type: z.enum(HISTORY_TYPES),
  /** Coin of a deposit or withdrawal; credit/debit for an adjustment. */
  mode: z.string(),
  amount: z.number(),
  status: z.enum(TRANSACTION_STATUSES),
  reason: z.string().nullable(),
  /** A paid withdrawal's payout reference (its transaction id) as the administrator gave it. */
  payoutReference: z.string().nullable(),
  createdAt: z.string(),
  chain: ChainDetailsSchema.optional(),
  /** A withdrawal's payout once approved. */
  payout: WithdrawalPayoutSchema.optional(),
});
export type HistoryItem = z.infer<typeof HistoryItemSchema>;

export const WithdrawalSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  fullName: z.string(),
  method: z.enum(COINS),
  amount: z.number(),
  address: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  payoutTxHash: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  /**
   * It took the user's withdrawals of the last 24 hours to WITHDRAWAL_DUAL_APPROVAL_USD or more:
   * `requiredApprovals` distinct staff must approve it (fixed when it was requested).
   */
  needsTwoApprovals: z.boolean(),
  requiredApprovals: z.number().int(),
  /** The administrators' approvals recorded so far, first first. */
  approvals: z.array(z.object({ adminName: z.string(), at: z.string() })),
  /**
   * Its payout is read from the chain (ETH and USDT to an Ethereum address, with a node): approving
   * takes no reference, and the payment's transaction hash is given once it is mined.
   */
  isPayoutCheckedOnChain: z.boolean(),
  /** Set once approved. */
  payout: WithdrawalPayoutSchema.nullable(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

export interface Page<T> {
  data: T[];
  page: number;
  pageSize: number;
  total: number;
}

export const PAYOUT_BATCH_STATES = ['open', 'broadcast', 'confirmed', 'dropped', 'cancelled'] as const;

/** A Bitcoin transaction paying approved withdrawals, from its unsigned PSBT to its confirmation. */
export const PayoutBatchSchema = z.object({
  id: z.string(),
  state: z.enum(PAYOUT_BATCH_STATES),
  txid: z.string(),
  txUrl: z.string(),
  /** The unsigned PSBT, base64, for the operator's wallet to sign. */
  psbt: z.string(),
  feeRateSatPerVbyte: z.number().int(),
  feeBaseUnits: z.string(),
  changeAddress: z.string().nullable(),
  changeBaseUnits: z.string(),
  inputs: z.array(
    z.object({ txid: z.string(), vout: z.number().int(), address: z.string(), amountBaseUnits: z.string() }),
  ),
  withdrawals: z.array(
    z.object({ id: z.string(), fullName: z.string(), address: z.string(), amountBaseUnits: z.string() }),
  ),
  /** What the node said when the signed transaction was handed to it; null when it took it. */
  nodeAnswer: z.string().nullable(),
  confirmations: z.number().int().nullable(),
  /** How many make its withdrawals paid: the Bitcoin wallet's setting when they were approved. */
  requiredConfirmations: z.number().int(),
  createdAt: z.string(),
  broadcastAt: z.string().nullable(),
});
export type PayoutBatch = z.infer<typeof PayoutBatchSchema>;

export const PayoutBatchesSchema = z.object({
  /** Open and on-chain batches, newest first. */
  data: z.array(PayoutBatchSchema),
  /** The node's fee rate for six blocks, sat/vB; null without a node or an estimate. */
  feeRateEstimate: z.number().int().nullable(),
});

export const CreatePayoutBatchRequestSchema = z.object({
  withdrawalIds: z
    .array(
      z.uuid(PAYOUT_MESSAGES.payoutBatchWithdrawalsInvalid),
      PAYOUT_MESSAGES.payoutBatchWithdrawalsInvalid,
    )
    .min(1, PAYOUT_MESSAGES.payoutBatchWithdrawalsInvalid)
    .max(100, PAYOUT_MESSAGES.payoutBatchWithdrawalsInvalid),
  feeRate: z.coerce
    .number(PAYOUT_MESSAGES.payoutBatchFeeRateInvalid)
    .int(PAYOUT_MESSAGES.payoutBatchFeeRateInvalid)
    .min(1, PAYOUT_MESSAGES.payoutBatchFeeRateInvalid)
    .max(10_000, PAYOUT_MESSAGES.payoutBatchFeeRateInvalid),
});

export const SignedPayoutBatchRequestSchema = z.object({
  signed: z
    .string(PAYOUT_MESSAGES.payoutBatchSignedRequired)
    .trim()
    .min(1, PAYOUT_MESSAGES.payoutBatchSignedRequired)
    .max(400_000, PAYOUT_MESSAGES.payoutBatchUnreadable),
});
