import {
  type ChainDetails,
  type ChainPayment,
  COINS,
  type Coin,
  type DepositAddress,
  MESSAGES,
  type SetWalletRequest,
  type Wallet,
} from '@vestora/shared';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { ChainConfig } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { type AdminChangeHandler, proposeAdminChange } from '../admin-changes/admin-changes.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Actor } from '../sessions/actor.ts';
import {
  type ChainPaymentRow,
  countWaitingForRate,
  getActiveWallet,
  getUnpaidAddress,
  highestIndexByWallet,
  insertDepositAddress,
  insertWallet,
  listActiveWallets,
  listPaymentsOfDeposits,
  listUserPayments,
  lockKeyIndexes,
  lockWalletCoin,
  nextAddressIndex,
  retireWallet,
  updateWalletConfirmations,
  type WalletRow,
} from './chain.repo.ts';
import { BASE_UNITS_PER_COIN } from './chain-deposits.service.ts';
import { addressAt, parseAccountKey } from './chain-keys.ts';

/** Receive addresses shown with a key, for the operator to compare with their own wallet. */
const PREVIEW_ADDRESSES = 3;
const SHOWN_PAYMENTS = 10;

function firstAddresses(coin: Coin, xpub: string, config: ChainConfig): string[] {
  const account = parseAccountKey(coin, xpub, config.bitcoinNetwork);
  return Array.from({ length: PREVIEW_ADDRESSES }, (_, index) =>
    addressAt(coin, account, index, config.bitcoinNetwork),
  );
}

function toWallet(
  coin: Coin,
  row: WalletRow | undefined,
  figures: { highestIndex: number | null; waitingForRate: number },
  config: ChainConfig,
): Wallet {
  return {
    coin,
    xpub: row?.xpub ?? null,
    confirmations: row?.confirmations ?? null,
    addresses: row ? firstAddresses(coin, row.xpub, config) : [],
    highestIndex: figures.highestIndex,
    setAt: row?.createdAt.toISOString() ?? null,
    waitingForRate: figures.waitingForRate,
    missingNodeSetting: missingNodeSetting(coin, config),
  };
}

/** The setting naming the node that would watch a coin's addresses, while it is unset. */
function missingNodeSetting(coin: Coin, config: ChainConfig): Wallet['missingNodeSetting'] {
  if (coin === 'btc') return config.bitcoinRpcUrl ? null : 'BITCOIN_RPC_URL';
  return config.ethereumRpcUrl ? null : 'ETHEREUM_RPC_URL';
}

/** Whether a coin's key gives depositors their own addresses: only while a node watches them. */
export function isWatched(coin: Coin, config: ChainConfig): boolean {
  return missingNodeSetting(coin, config) === null;
}

const NODE_NEEDED_MESSAGES = {
  BITCOIN_RPC_URL: MESSAGES.bitcoinWalletNeedsNode,
  ETHEREUM_RPC_URL: MESSAGES.ethereumWalletNeedsNode,
} as const;

export async function listWallets(db: Executor, config: ChainConfig): Promise<Wallet[]> {
  const [rows, highest, waiting] = await Promise.all([
    listActiveWallets(db),
    highestIndexByWallet(db),
    countWaitingForRate(db),
  ]);
  return COINS.map((coin) => {
    const row = rows.find((wallet) => wallet.coin === coin);
    const highestIndex = row ? (highest.get(row.id) ?? null) : null;
    return toWallet(coin, row, { highestIndex, waitingForRate: waiting.get(coin) ?? 0 }, config);
  });
}

/**
 * Sets a coin's watch-only key. The same key again only changes the confirmations; a new key
 * retires the old one, whose addresses stay watched (payments to them are still credited). With
 * more than one administrator a new key waits for another one's approval, so a single stolen admin
 * session cannot send deposits to its own wallet.
 */
export async function setWallet(
  deps: { db: Database; clock: Clock; config: ChainConfig },
  actor: Actor,
  coin: Coin,
  input: SetWalletRequest,
): Promise<{ wallet: Wallet; isWaitingForApproval: boolean }> {
  const xpub = input.xpub.trim();
  const addresses = firstAddresses(coin, xpub, deps.config);
  const key: WalletKeyChange = { coin, xpub, confirmations: input.confirmations, addresses };
  if (input.preview) {
    const wallet = {
      coin,
      xpub,
      confirmations: input.confirmations,
      addresses,
      highestIndex: null,
      setAt: null,
      waitingForRate: 0,
      missingNodeSetting: missingNodeSetting(coin, deps.config),
    };
    return { wallet, isWaitingForApproval: false };
  }
  // A key nothing watches would show depositors an address whose payments are never credited.
  const unsetNode = missingNodeSetting(coin, deps.config);
  if (unsetNode) throw new AppError('BAD_REQUEST', NODE_NEEDED_MESSAGES[unsetNode]);
  return deps.db.transaction(async (tx) => {
    await lockWalletCoin(tx, { coin });
    const current = await getActiveWallet(tx, { coin });
    const isNewKey = current?.xpub !== xpub;
    const proposed =
      isNewKey && (await proposeAdminChange(tx, actor, { kind: 'wallet.key', subject: coin, payload: key }));
    if (proposed) {
      return { wallet: await walletWithFigures(tx, coin, current, deps.config), isWaitingForApproval: true };
    }
    const saved = await applyWalletKey(tx, { actor, now: deps.clock.now() }, key);
    return { wallet: await walletWithFigures(tx, coin, saved, deps.config), isWaitingForApproval: false };
  });
}

const WalletKeyChangeSchema = z.object({
  coin: z.enum(COINS),
  xpub: z.string(),
  confirmations: z.number().int(),
  /** The first receive addresses, derived when the key was given, for the approver to compare. */
  addresses: z.array(z.string()),
});
type WalletKeyChange = z.infer<typeof WalletKeyChangeSchema>;

async function applyWalletKey(
  tx: Executor,
  { actor, now }: { actor: Actor; now: Date },
  { coin, xpub, confirmations, addresses }: WalletKeyChange,
): Promise<WalletRow> {
  await lockWalletCoin(tx, { coin });
  const current = await getActiveWallet(tx, { coin });
  let saved: WalletRow;
  if (current && current.xpub === xpub) {
    await updateWalletConfirmations(tx, { id: current.id, confirmations });
    saved = { ...current, confirmations };
  } else {
    if (current) await retireWallet(tx, { id: current.id, at: now });
    saved = await insertWallet(tx, { coin, xpub, confirmations, setBy: actor.user.id, createdAt: now });
  }
  await recordAudit(tx, actor, {
    action: 'wallet.set',
    targetType: 'wallet',
    targetId: saved.id,
    before: current ? { coin, xpub: current.xpub, confirmations: current.confirmations } : null,
    after: { coin, xpub, confirmations, addresses },
  });
  return saved;
}

/**
 * Removes a coin's key: depositors go back to the coin's gateway address and proof upload. The
 * retired key's addresses stay watched, so a payment already on its way is still credited. Like a
 * new key, with more than one administrator it waits for another one's approval.
 */
export async function removeWallet(
  deps: { db: Database; clock: Clock; config: ChainConfig },
  actor: Actor,
  coin: Coin,
): Promise<{ wallet: Wallet; isWaitingForApproval: boolean }> {
  return deps.db.transaction(async (tx) => {
    await lockWalletCoin(tx, { coin });
    const current = await getActiveWallet(tx, { coin });
    if (!current) throw new AppError('NOT_FOUND', MESSAGES.noWalletToRemove);
    const removal: WalletRemoval = { coin, xpub: current.xpub };
    if (await proposeAdminChange(tx, actor, { kind: 'wallet.removal', subject: coin, payload: removal })) {
      return { wallet: await walletWithFigures(tx, coin, current, deps.config), isWaitingForApproval: true };
    }
    await applyWalletRemoval(tx, { actor, now: deps.clock.now() }, { coin, xpub: current.xpub });
    return { wallet: await walletWithFigures(tx, coin, undefined, deps.config), isWaitingForApproval: false };
  });
}

const WalletRemovalSchema = z.object({ coin: z.enum(COINS), xpub: z.string() });
type WalletRemoval = z.infer<typeof WalletRemovalSchema>;

/** Retires the key the removal was proposed for; one replaced since then is left alone. */
async function applyWalletRemoval(
  tx: Executor,
  { actor, now }: { actor: Actor; now: Date },
  { coin, xpub }: WalletRemoval,
): Promise<void> {
  await lockWalletCoin(tx, { coin });
  const current = await getActiveWallet(tx, { coin });
  if (!current || current.xpub !== xpub) throw new AppError('CONFLICT', MESSAGES.noWalletToRemove);
  await retireWallet(tx, { id: current.id, at: now });
  await recordAudit(tx, actor, {
    action: 'wallet.removed',
    targetType: 'wallet',
    targetId: current.id,
    before: { coin, xpub, confirmations: current.confirmations },
    after: null,
  });
}

/** A key's removal waiting for a second administrator: shown with the key it removes. */
export const walletRemovalChangeHandler: AdminChangeHandler = {
  async describe(payload) {
    return { key: WalletRemovalSchema.parse(payload).xpub };
  },
  async apply(tx, { approver, now }, payload) {
    await applyWalletRemoval(tx, { actor: approver, now }, WalletRemovalSchema.parse(payload));
  },
};

async function walletWithFigures(
  tx: Executor,
  coin: Coin,
  row: WalletRow | undefined,
  config: ChainConfig,
): Promise<Wallet> {
  const [highest, waiting] = await Promise.all([highestIndexByWallet(tx), countWaitingForRate(tx)]);
  const highestIndex = row ? (highest.get(row.id) ?? null) : null;
  return toWallet(coin, row, { highestIndex, waitingForRate: waiting.get(coin) ?? 0 }, config);
}

/** A new watch-only key waiting for a second administrator: shown with the addresses it gives. */
export const walletKeyChangeHandler: AdminChangeHandler = {
  async describe(payload) {
    const key = WalletKeyChangeSchema.parse(payload);
    return {
      key: key.xpub,
      addresses: key.addresses.join(' '),
      confirmations: String(key.confirmations),
    };
  },
  async apply(tx, { approver, now }, payload) {
    await applyWalletKey(tx, { actor: approver, now }, WalletKeyChangeSchema.parse(payload));
  },
};

const NETWORK_NAMES: Record<Coin, string> = {
  btc: 'Bitcoin',
  eth: 'Ethereum',
  usdt: 'Ethereum (ERC-20)',
};

/**
 * The user's address of a coin: the unpaid one they have, or the next index of the wallet. Shown
 * as derived from the wallet's key and index now, never as stored, so a changed row redirects nothing.
 */
export async function getDepositAddress(
  deps: { db: Database; clock: Clock; config: ChainConfig },
  userId: string,
  coin: Coin,
): Promise<DepositAddress> {
  const network = deps.config.bitcoinNetwork;
  const { wallet, addressIndex } = await deps.db.transaction(async (tx) => {
    const active = isWatched(coin, deps.config) ? await getActiveWallet(tx, { coin }) : undefined;
    if (!active) throw new AppError('NOT_FOUND', MESSAGES.noWalletForCoin);
    // Two first requests at once (two tabs, or ETH and USDT) get one index; none is skipped.
    await lockKeyIndexes(tx, { xpub: active.xpub });
    const existing = await getUnpaidAddress(tx, { walletId: active.id, xpub: active.xpub, userId });
    if (existing?.walletId === active.id) return { wallet: active, addressIndex: existing.addressIndex };
    const index = existing?.addressIndex ?? (await nextAddressIndex(tx, { xpub: active.xpub }));
    const account = parseAccountKey(coin, active.xpub, network);
    await insertDepositAddress(tx, {
      userId,
      walletId: active.id,
      addressIndex: index,
      address: addressAt(coin, account, index, network),
      createdAt: deps.clock.now(),
    });
    return { wallet: active, addressIndex: index };
  });
  const address = addressAt(coin, parseAccountKey(coin, wallet.xpub, network), addressIndex, network);
  const qr = await QRCode.toDataURL(coin === 'btc' ? `bitcoin:${address}` : address, {
    margin: 2,
    width: 320,
  });
  return {
    coin,
    address,
    qr,
    confirmations: wallet.confirmations,
    network: coin === 'btc' && network !== 'mainnet' ? `Bitcoin ${network}` : NETWORK_NAMES[coin],
  };
}

/** Base units as a decimal string of whole coins, exactly: 150000 sat → "0.0015". */
function formatCoinAmount(coin: Coin, baseUnits: bigint): string {
  const unit = BASE_UNITS_PER_COIN[coin];
  const whole = baseUnits / unit;
  const fraction = (baseUnits % unit)
    .toString()
    .padStart(unit.toString().length - 1, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/** A transaction's page on the operator's explorer of its chain. */
export function explorerUrl(config: ChainConfig, row: Pick<ChainPaymentRow, 'chain' | 'txId'>): string {
  return config.explorerTxUrl[row.chain].replace('{txid}', encodeURIComponent(row.txId));
}

/** Without a wallet of the coin to ask: as deep as the solvency statement reads each chain. */
const DEFAULT_PAYOUT_CONFIRMATIONS: Record<Coin, number> = { btc: 6, eth: 12, usdt: 12 };

/** The coin's watch-only key in use, if one is set. */
export async function activeWalletKey(
  db: Executor,
  coin: Coin,
): Promise<{ xpub: string; confirmations: number } | undefined> {
  const wallet = await getActiveWallet(db, { coin });
  return wallet ? { xpub: wallet.xpub, confirmations: wallet.confirmations } : undefined;
}

/** Blocks a payout's transaction needs on top before it counts as paid: the coin's wallet setting. */
export async function payoutConfirmations(db: Executor, coin: Coin): Promise<number> {
  return (await getActiveWallet(db, { coin }))?.confirmations ?? DEFAULT_PAYOUT_CONFIRMATIONS[coin];
}

function toChainPayment(
  row: ChainPaymentRow & { estimateCents: bigint; address: string | null },
  config: ChainConfig,
): ChainPayment {
  return {
    _id: row.id,
    coin: row.coin,
    address: row.address ?? '',
    state: row.state,
    coinAmount: formatCoinAmount(row.coin, BigInt(row.amountBaseUnits)),
    rate: row.rateCents === null ? null : Number(row.rateCents) / 100,
    amount: Number(row.usdCents ?? row.estimateCents) / 100,
    txId: row.txId,
    txUrl: explorerUrl(config, row),
    confirmations: row.confirmations,
    requiredConfirmations: row.requiredConfirmations,
    isBelowMinimum: row.isBelowMinimum,
    createdAt: row.detectedAt.toISOString(),
  };
}

export async function listUserChainPayments(
  db: Executor,
  config: ChainConfig,
  userId: string,
): Promise<ChainPayment[]> {
  const rows = await listUserPayments(db, { userId, limit: SHOWN_PAYMENTS });
  return rows.map((row) => toChainPayment(row, config));
}

/** The chain side of the deposits among `depositIds`, by deposit id, for the history and the admin list. */
export async function chainDetailsOfDeposits(
  db: Executor,
  config: ChainConfig,
  depositIds: string[],
): Promise<Map<string, ChainDetails>> {
  const rows = await listPaymentsOfDeposits(db, { depositIds });
  return new Map(
    rows.map((row) => [
      row.depositId,
      {
        state: row.state,
        coinAmount: formatCoinAmount(row.coin, BigInt(row.amountBaseUnits)),
        rate: row.rateCents === null ? null : Number(row.rateCents) / 100,
        txId: row.txId,
        txUrl: explorerUrl(config, row),
        confirmations: row.confirmations,
        requiredConfirmations: row.requiredConfirmations,
        isBelowMinimum: row.isBelowMinimum,
      },
    ]),
  );
}

/** Reads and writes of this module that other modules call: its repository stays private to it. */
export { listActiveWallets } from './chain.repo.ts';
