import type { Coin } from './transactions.ts';

/** A payment gateway as the specification's screens read it: `add` is the wallet address. */
export interface Gateway {
  _id: string;
  add: string;
  type: Coin;
  /** Address of the QR image (public). */
  image: string;
  createdAt: string;
}
