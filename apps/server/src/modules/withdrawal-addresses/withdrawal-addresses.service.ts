import { randomBytes } from 'node:crypto';
import {
  type AddWithdrawalAddressRequestSchema,
  type Coin,
  formatUtcTime,
  MESSAGES,
  PASSKEY_MESSAGES,
  type WithdrawalAddress,
  type WithdrawalAddressBook,
  withdrawalAddressCoolingOffMessage,
  withdrawalsLockedMessage,
} from '@vestora/shared';
import type { z } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { type BitcoinNetwork, isAddressForCoin } from '../../lib/crypto-address.ts';
import { AppError } from '../../lib/errors.ts';
import { HOUR_MS } from '../../lib/time.ts';
import { isUniqueViolation, runInTransaction } from '../../lib/transaction.ts';
import { confirmIdentity } from '../auth/reauthentication.service.ts';
import { hashLinkToken } from '../auth/tokens.ts';
import { assertEmailConfirmed } from '../email-confirmation/email-confirmation.service.ts';
import { queueUserMail } from '../mail/mail.service.ts';
import { hasPasskeys, verifyPasskeyAssertion } from '../passkeys/passkey-assertions.ts';
import type { Actor } from '../sessions/actor.ts';
import { lockActiveUserOrFail } from '../users/users.service.ts';
import {
  extendWithdrawalLock,
  findWithdrawalsLockedUntil,
  insertAddress,
  listLiveAddresses,
  lockLiveAddress,
  removeAddress,
  removeAddressByCancelToken,
  type WithdrawalAddressRow,
} from './withdrawal-addresses.repo.ts';

export interface AddressBookDeps {
  db: Database;
  config: AppConfig;
  clock: Clock;
}

function toWithdrawalAddress(row: WithdrawalAddressRow, now: Date): WithdrawalAddress {
  return {
    _id: row.id,
    coin: row.coin,
    address: row.address,
    label: row.label,
    usableAt: row.usableAt.toISOString(),
    isUsable: row.usableAt.getTime() <= now.getTime(),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getAddressBook(
  deps: { db: Database; clock: Clock; config: AppConfig },
  userId: string,
): Promise<WithdrawalAddressBook> {
  const now = deps.clock.now();
  const [rows, lockedUntil] = await Promise.all([
    listLiveAddresses(deps.db, { userId }),
    findWithdrawalsLockedUntil(deps.db, { userId }),
  ]);
  return {
    data: rows.map((row) => toWithdrawalAddress(row, now)),
    withdrawalsLockedUntil: lockedUntil && lockedUntil > now ? lockedUntil.toISOString() : null,
    coolOffHours: deps.config.withdrawalSafety.addressCoolOffMs / HOUR_MS,
  };
}

/**
 * Saves an address. The current password (and code) proves the owner is at the keyboard; the
 * cool-off and the e-mail with its cancel link give the owner time to stop a thief who has both.
 */
export async function addWithdrawalAddress(
  deps: AddressBookDeps,
  actor: Actor,
  input: z.output<typeof AddWithdrawalAddressRequestSchema>,
): Promise<WithdrawalAddress> {
  if (!isAddressForCoin(input.coin, input.address, deps.config.chain.bitcoinNetwork))
    throw new AppError('BAD_REQUEST', MESSAGES.invalidAddress);
  assertEmailConfirmed(actor, MESSAGES.emailUnconfirmedToSaveAddress);
  // With a passkey, the confirmation is bound to this very address: a relayed password cannot add one.
  if (!input.passkey) {
    if (await hasPasskeys(deps.db, actor.user.id)) {
      throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.required, { passkeyRequired: true });
    }
    await confirmIdentity(deps, actor.user.id, { password: input.password, code: input.code });
  }
  const now = deps.clock.now();
  const cancelToken = randomBytes(32).toString('base64url');
  try {
    const row = await runInTransaction(deps.db, async (tx) => {
      // The user's row lock orders this with a first passkey being added: decided again here.
      await lockActiveUserOrFail(tx, actor.user.id, 'no key update');
      if (input.passkey) {
        await verifyPasskeyAssertion(tx, deps, {
          assertion: input.passkey,
          purpose: 'withdrawal-address',
          userId: actor.user.id,
          intent: { coin: input.coin, address: input.address },
        });
      } else if (await hasPasskeys(tx, actor.user.id)) {
        throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.required, { passkeyRequired: true });
      }
      const inserted = await insertAddress(tx, {
        userId: actor.user.id,
        coin: input.coin,
        address: input.address,
        label: input.label,
        usableAt: new Date(now.getTime() + deps.config.withdrawalSafety.addressCoolOffMs),
        cancelTokenHash: hashLinkToken(cancelToken),
        createdAt: now,
      });
      await queueUserMail(tx, {
        userId: actor.user.id,
        kind: 'withdrawal_address_added',
        subject: 'A withdrawal address was added to your account',
        paragraphs: [
          `The ${inserted.coin.toUpperCase()} address ${inserted.address} ("${inserted.label}") was added to the withdrawal address book of your account. It can receive withdrawals from ${formatUtcTime(inserted.usableAt)}.`,
          'If it was not you, open this link: it removes the address at once. Then change your password.',
          { link: `${deps.config.publicUrl}/cancel-address?token=${cancelToken}` },
        ],
      });
      return inserted;
    });
    return toWithdrawalAddress(row, now);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', MESSAGES.withdrawalAddressDuplicate);
    throw error;
  }
}

export async function removeWithdrawalAddress(
  deps: { db: Database; clock: Clock },
  actor: Actor,
  id: string,
): Promise<void> {
  const isRemoved = await removeAddress(deps.db, { userId: actor.user.id, id, now: deps.clock.now() });
  if (!isRemoved) throw new AppError('NOT_FOUND', MESSAGES.withdrawalAddressNotFound);
}

/** The e-mailed link: whoever holds it may only remove the address, so it needs no session. */
export async function cancelWithdrawalAddress(
  deps: { db: Database; clock: Clock },
  token: string,
): Promise<void> {
  await runInTransaction(deps.db, async (tx) => {
    const row = await removeAddressByCancelToken(tx, {
      tokenHash: hashLinkToken(token),
      now: deps.clock.now(),
    });
    if (!row) throw new AppError('BAD_REQUEST', MESSAGES.withdrawalAddressCancelLinkInvalid);
  });
}

/**
 * Refuses withdrawals for WITHDRAWAL_LOCK_HOURS after a change that could hand the account over
 * (password, e-mail, second factor off), inside the change's transaction: someone who took the
 * account over cannot move money out before the owner, told by e-mail, has had time to act.
 */
export async function lockWithdrawalsAfterCredentialChange(
  tx: Executor,
  deps: { config: AppConfig; clock: Clock },
  userId: string,
): Promise<void> {
  const until = new Date(deps.clock.now().getTime() + deps.config.withdrawalSafety.lockMs);
  await extendWithdrawalLock(tx, { userId, until });
}

export type WithdrawalTarget = { addressId: string } | { method: Coin; address: string };

/**
 * The saved address a withdrawal goes to, inside the withdrawal's transaction: it must be the
 * user's, still in the book, past its cool-off, and withdrawals must not be locked.
 */
export async function resolveWithdrawalAddress(
  tx: Executor,
  {
    userId,
    now,
    withdrawalsLockedUntil,
    bitcoinNetwork,
  }: { userId: string; now: Date; withdrawalsLockedUntil: Date | null; bitcoinNetwork: BitcoinNetwork },
  target: WithdrawalTarget,
): Promise<WithdrawalAddressRow> {
  if (withdrawalsLockedUntil && withdrawalsLockedUntil > now) {
    throw new AppError('FORBIDDEN', withdrawalsLockedMessage(withdrawalsLockedUntil), {
      withdrawalsLockedUntil: withdrawalsLockedUntil.toISOString(),
    });
  }
  if ('address' in target && !isAddressForCoin(target.method, target.address, bitcoinNetwork)) {
    throw new AppError('BAD_REQUEST', MESSAGES.invalidAddress);
  }
  const match = 'addressId' in target ? target : { coin: target.method, address: target.address };
  const saved = await lockLiveAddress(tx, { userId, match });
  if (!saved) throw new AppError('FORBIDDEN', MESSAGES.withdrawalAddressNotSaved);
  if (saved.usableAt > now) {
    throw new AppError('FORBIDDEN', withdrawalAddressCoolingOffMessage(saved.usableAt), {
      usableAt: saved.usableAt.toISOString(),
    });
  }
  return saved;
}
