import { type Coin, MESSAGES, type Reserve } from '@vestora/shared';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { runInTransaction } from '../../lib/transaction.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { BitcoinNetwork } from '../chain/chain-keys.ts';
import { addressAt, parseAccountKey } from '../chain/chain-keys.ts';
import type { Actor } from '../sessions/actor.ts';
import { isOwnershipSignature, parseReserveAddress, signatureTypeOf } from './reserve-signatures.ts';
import {
  holdsReserveAddress,
  insertReserve,
  isWalletKey,
  listActiveReserves,
  markReserveRemoved,
  type ReserveWithRegistrar,
} from './reserves.repo.ts';

export const CHAIN_OF_COIN = { btc: 'bitcoin', eth: 'ethereum', usdt: 'ethereum' } as const satisfies Record<
  Coin,
  'bitcoin' | 'ethereum'
>;

/**
 * Whether the platform proved it holds this Ethereum address (for ETH or USDT): a payout from it
 * is the platform's own money leaving.
 */
export function isEthereumReserveAddress(db: Executor, address: string): Promise<boolean> {
  return holdsReserveAddress(db, { coins: ['eth', 'usdt'], address: address.toLowerCase() });
}

/** The Bitcoin addresses registered as reserves by their own signature: what a payout batch may also spend. */
export async function bitcoinReserveAddresses(db: Executor): Promise<string[]> {
  const reserves = await listActiveReserves(db);
  return reserves
    .filter((reserve) => reserve.coin === 'btc' && reserve.kind === 'address')
    .map((reserve) => reserve.address);
}

export interface ReserveSettings {
  /** PUBLIC_URL: the platform a challenge names. */
  publicUrl: string;
  bitcoinNetwork: BitcoinNetwork;
}

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Today's challenge for an address (and account key), once both read as what a reserve can be: an
 * operator signs it on a hardware wallet, so a mistake is told before the signing, not after.
 */
export function challengeFor(
  settings: ReserveSettings,
  { address, accountKey }: { address: string; accountKey?: string | undefined },
  now: Date,
): string {
  const chain = address.startsWith('0x') ? 'ethereum' : 'bitcoin';
  const parsed = parseReserveAddress(chain, address, settings.bitcoinNetwork);
  if (parsed === 'malformed') throw new AppError('BAD_REQUEST', MESSAGES.reserveAddressMalformed);
  if (parsed === 'wrong-network') throw new AppError('BAD_REQUEST', MESSAGES.reserveAddressWrongNetwork);
  if (accountKey) parseAccountKey(chain === 'bitcoin' ? 'btc' : 'eth', accountKey, settings.bitcoinNetwork);
  return reserveChallenge({ publicUrl: settings.publicUrl, address, accountKey }, now);
}

/**
 * The text an operator signs with a reserve address (decision 016): the platform, the address, the
 * account key when the address stands for one, and the UTC date.
 */
export function reserveChallenge(
  { publicUrl, address, accountKey }: { publicUrl: string; address: string; accountKey?: string | undefined },
  date: Date,
): string {
  return [
    'Vestora proof of reserves',
    `Platform: ${new URL(publicUrl).origin}`,
    `Address: ${address}`,
    ...(accountKey ? [`Account key: ${accountKey}`] : []),
    `Date: ${date.toISOString().slice(0, 10)}`,
  ].join('\n');
}

function toReserve(row: ReserveWithRegistrar): Reserve {
  return {
    id: row.id,
    coin: row.coin,
    kind: row.kind,
    address: row.address,
    accountKey: row.accountKey,
    childIndex: row.childIndex,
    challenge: row.challenge,
    signatureType: row.signatureType,
    signature: row.signature,
    registeredAt: row.registeredAt.toISOString(),
    registeredBy: row.registeredByName,
  };
}

export async function listReserves(db: Database): Promise<Reserve[]> {
  return (await listActiveReserves(db)).map(toReserve);
}

export interface ReserveInput {
  coin: Coin;
  address: string;
  accountKey?: string | undefined;
  childIndex?: number | undefined;
  challenge: string;
  signature: string;
}

/**
 * Registers an address holding the platform's money once its signature proves it: over today's or
 * yesterday's challenge (an operator may sign offline across midnight), by the address's own key.
 * For an account key, the signing address must be its receive address `childIndex`, and the key one
 * of the platform's deposit keys: every address derived from it then counts.
 */
export async function registerReserve(
  { db, clock, actor, settings }: { db: Database; clock: Clock; actor: Actor; settings: ReserveSettings },
  input: ReserveInput,
): Promise<Reserve> {
  const chain = CHAIN_OF_COIN[input.coin];
  const parsed = parseReserveAddress(chain, input.address, settings.bitcoinNetwork);
  if (parsed === 'malformed') throw new AppError('BAD_REQUEST', MESSAGES.reserveAddressMalformed);
  if (parsed === 'wrong-network') throw new AppError('BAD_REQUEST', MESSAGES.reserveAddressWrongNetwork);
  const accountKey = input.accountKey ? input.accountKey : undefined;
  if (!accountKey && input.childIndex !== undefined) {
    throw new AppError('BAD_REQUEST', MESSAGES.reserveIndexWithoutKey);
  }
  if (accountKey) {
    const account = parseAccountKey(input.coin, accountKey, settings.bitcoinNetwork);
    if (!(await isWalletKey(db, { coin: input.coin, xpub: accountKey }))) {
      throw new AppError('BAD_REQUEST', MESSAGES.reserveAccountKeyNotWallet);
    }
    const derived = addressAt(input.coin, account, input.childIndex ?? 0, settings.bitcoinNetwork);
    if (derived.toLowerCase() !== input.address.toLowerCase()) {
      throw new AppError('BAD_REQUEST', MESSAGES.reserveChildMismatch);
    }
  }
  const now = clock.now();
  const acceptedChallenges = [now, new Date(now.getTime() - DAY_MS)].map((date) =>
    reserveChallenge({ publicUrl: settings.publicUrl, address: input.address, accountKey }, date),
  );
  if (!acceptedChallenges.includes(input.challenge.replace(/\r\n/g, '\n'))) {
    throw new AppError('BAD_REQUEST', MESSAGES.reserveChallengeMismatch);
  }
  const challenge = input.challenge.replace(/\r\n/g, '\n');
  if (!isOwnershipSignature(parsed, challenge, input.signature)) {
    throw new AppError('BAD_REQUEST', MESSAGES.reserveSignatureInvalid);
  }

  return runInTransaction(db, async (tx) => {
    const row = await insertReserve(tx, {
      coin: input.coin,
      kind: accountKey ? 'account' : 'address',
      address: input.address,
      accountKey: accountKey ?? null,
      childIndex: accountKey ? (input.childIndex ?? 0) : null,
      challenge,
      signatureType: signatureTypeOf(parsed),
      signature: input.signature,
      registeredBy: actor.user.id,
      registeredAt: now,
    });
    if (!row) throw new AppError('CONFLICT', MESSAGES.reserveAlreadyRegistered);
    await recordAudit(tx, actor, {
      action: 'reserve.registered',
      targetType: 'reserve',
      targetId: row.id,
      after: { coin: row.coin, address: row.address, accountKey: row.accountKey },
    });
    return toReserve({ ...row, registeredByName: actor.user.userName });
  });
}

export async function removeReserve(
  { db, clock, actor }: { db: Database; clock: Clock; actor: Actor },
  { id }: { id: string },
): Promise<void> {
  await runInTransaction(db, async (tx) => {
    const row = UUID.test(id) ? await markReserveRemoved(tx, { id, at: clock.now() }) : undefined;
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.reserveNotFound);
    await recordAudit(tx, actor, {
      action: 'reserve.removed',
      targetType: 'reserve',
      targetId: row.id,
      before: { coin: row.coin, address: row.address, accountKey: row.accountKey },
    });
  });
}
