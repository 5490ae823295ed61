import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { COINS, type Coin } from './transactions.ts';

/** The chain a gateway's address lives on: USDT travels on Ethereum (ERC-20) or TRON (TRC-20). */
export const GATEWAY_NETWORKS = ['bitcoin', 'ethereum', 'tron'] as const;
export type GatewayNetwork = (typeof GATEWAY_NETWORKS)[number];

export function networkOfAddress(coin: Coin, address: string): GatewayNetwork {
  if (coin === 'btc') return 'bitcoin';
  return coin === 'usdt' && address.startsWith('T') ? 'tron' : 'ethereum';
}

/** What a depositor must choose in their wallet to send on the right chain. */
export function networkLabel(coin: Coin, network: GatewayNetwork): string {
  if (network === 'bitcoin') return 'Bitcoin';
  if (network === 'tron') return 'TRON (TRC-20)';
  return coin === 'usdt' ? 'Ethereum (ERC-20)' : 'Ethereum';
}

/** A payment gateway as the specification's screens read it: `add` is the wallet address. */
export const GatewaySchema = z.object({
  _id: z.string(),
  add: z.string(),
  type: z.enum(COINS),
  network: z.enum(GATEWAY_NETWORKS),
  /** Address of the QR image (public). */
  image: z.string(),
  createdAt: z.string(),
});
export type Gateway = z.infer<typeof GatewaySchema>;

/** The admin's new gateway (multipart fields, or JSON): a coin and its wallet address. */
export const GatewayRequestSchema = z
  .object({ add: z.unknown().optional(), type: z.unknown().optional() })
  .transform((input, ctx) => {
    const address = typeof input.add === 'string' ? input.add.trim() : '';
    const type = typeof input.type === 'string' ? input.type.trim().toLowerCase() : '';
    if (!address || !type) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.gatewayFieldsRequired });
      return z.NEVER;
    }
    const coin = COINS.find((known) => known === type);
    if (!coin) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.unknownCoin });
      return z.NEVER;
    }
    return { address, coin };
  });

/** A new address that waits for a second administrator's approval instead of being shown at once. */
export const PendingGatewaySchema = z.object({ _id: z.string(), status: z.literal('pending') });
