/** The chains gateways live on, apart from the gateway schemas: pages label them without loading zod. */

import type { Coin } from './transaction-kinds.ts';

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
