import { z } from 'zod';
import { GATEWAY_NETWORKS } from './gateway-networks.ts';
import { MESSAGES } from './messages.ts';
import { COINS } from './transaction-kinds.ts';

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
