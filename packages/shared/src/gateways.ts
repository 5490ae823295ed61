import type { Coin } from './transactions.ts';

/** The chain a gateway's address lives on: USDT travels on Ethereum (ERC-20) or TRON (TRC-20). */
export type GatewayNetwork = 'bitcoin' | 'ethereum' | 'tron';

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
export interface Gateway {
  _id: string;
  add: string;
  type: Coin;
  network: GatewayNetwork;
  /** Address of the QR image (public). */
  image: string;
  createdAt: string;
}
