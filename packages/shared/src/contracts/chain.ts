import { z } from 'zod';
import {
  ChainPaymentSchema,
  CoinParamsSchema,
  DepositAddressSchema,
  SetWalletRequestSchema,
  WalletSchema,
} from '../chain.ts';
import { defineRoute } from '../contract.ts';

export const adminWalletsRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/wallets',
  access: 'admin',
  permission: 'config.read',
  summary: 'The watch-only wallet of each coin, with the highest receive index handed out.',
  response: z.object({ data: z.array(WalletSchema) }),
});

export const setWalletRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/wallets/:coin',
  access: 'admin',
  permission: 'config.manage',
  summary:
    "Set a coin's watch-only account key (BIP84 for Bitcoin, m/44'/60'/0' for Ethereum and USDT); answers with its first three receive addresses. With preview, saves nothing.",
  params: CoinParamsSchema,
  body: SetWalletRequestSchema,
  response: z.object({ data: WalletSchema, message: z.string() }),
  isReauthRequired: true,
});

export const removeWalletRoute = defineRoute({
  method: 'DELETE',
  path: '/api/admin/wallets/:coin',
  access: 'admin',
  permission: 'config.manage',
  summary:
    "Remove a coin's watch-only key (through a second administrator's approval, as setting one): depositors pay to the coin's gateway address and upload a proof again.",
  params: CoinParamsSchema,
  response: z.object({ data: WalletSchema, message: z.string() }),
  isReauthRequired: true,
});

export const depositAddressRoute = defineRoute({
  method: 'GET',
  path: '/api/user/depositAddress/:coin',
  access: 'user',
  summary:
    "The signed-in user's own deposit address of a coin, with its QR code, derived from the operator's key.",
  params: CoinParamsSchema,
  response: z.object({ data: DepositAddressSchema }),
});

export const chainDepositsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/chainDeposits',
  access: 'user',
  summary: "The signed-in user's latest payments seen on chain, with their confirmations.",
  response: z.object({ data: z.array(ChainPaymentSchema) }),
});
