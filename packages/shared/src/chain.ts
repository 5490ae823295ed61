import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { COINS } from './transaction-kinds.ts';

export const CHAIN_PAYMENT_STATES = ['detected', 'confirming', 'credited', 'orphaned'] as const;

export const CoinParamsSchema = z.object({ coin: z.enum(COINS, MESSAGES.unknownCoin) });

export const SetWalletRequestSchema = z.object({
  xpub: z
    .string()
    .trim()
    .min(1, 'Paste the extended public key of the account.')
    .max(200, 'This key is too long.'),
  confirmations: z.coerce
    .number('Confirmations must be a whole number.')
    .int('Confirmations must be a whole number.')
    .min(1, 'At least one confirmation.')
    .max(1000, 'At most 1000 confirmations.'),
  /** Only derive and show the first addresses, saving nothing: to compare with the operator's wallet. */
  preview: z.boolean().optional(),
});
export type SetWalletRequest = z.infer<typeof SetWalletRequestSchema>;

export const WalletSchema = z.object({
  coin: z.enum(COINS),
  xpub: z.string().nullable(),
  confirmations: z.number().int().nullable(),
  /** The first receive addresses derived from the key, to compare with the operator's own wallet. */
  addresses: z.array(z.string()),
  /** The highest receive index handed out: the operator's wallet needs a gap limit above it. */
  highestIndex: z.number().int().nullable(),
  setAt: z.string().nullable(),
  /** Confirmed payments of this coin held because its USD rate is missing or too old. */
  waitingForRate: z.number().int(),
  /**
   * The setting naming this coin's node, while it is unset: nothing watches the key's addresses, so
   * depositors are shown the gateway address instead and a key cannot be saved.
   */
  missingNodeSetting: z.enum(['BITCOIN_RPC_URL', 'ETHEREUM_RPC_URL']).nullable(),
});
export type Wallet = z.infer<typeof WalletSchema>;

export const DepositAddressSchema = z.object({
  coin: z.enum(COINS),
  address: z.string(),
  /** A PNG data URL of the address as a QR code. */
  qr: z.string(),
  confirmations: z.number().int(),
  network: z.string(),
});
export type DepositAddress = z.infer<typeof DepositAddressSchema>;

export const ChainPaymentSchema = z.object({
  _id: z.string(),
  coin: z.enum(COINS),
  /** The deposit address it was paid to. */
  address: z.string(),
  state: z.enum(CHAIN_PAYMENT_STATES),
  /** In whole coins, as a decimal string: exact. */
  coinAmount: z.string(),
  /** USD per coin used to credit it (dollars), once credited. */
  rate: z.number().nullable(),
  /** USD credited, or the estimate while it confirms. */
  amount: z.number(),
  txId: z.string(),
  txUrl: z.string(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  isBelowMinimum: z.boolean(),
  createdAt: z.string(),
});
export type ChainPayment = z.infer<typeof ChainPaymentSchema>;
