import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import {
  type AddPasskeyRequestSchema,
  MESSAGES,
  PASSKEY_MESSAGES,
  type Passkey,
  type PasskeyChallenge,
  type PasskeyChallengeRequestSchema,
  type PasskeyIntent,
  passkeyAfterPauseMessage,
  WithdrawRequestSchema,
} from '@vestora/shared';
import type { z } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { isAddressForCoin } from '../../lib/crypto-address.ts';
import { AppError } from '../../lib/errors.ts';
import { isUniqueViolation, runInTransaction } from '../../lib/transaction.ts';
import { confirmIdentity, type IdentityProof } from '../auth/reauthentication.service.ts';
import type { Actor } from '../sessions/actor.ts';
import { endSessionsOfUser } from '../sessions/live-sessions.service.ts';
import { queueSecondFactorMail } from '../two-factor/two-factor.service.ts';
import { lockActiveUserOrFail } from '../users/users.service.ts';
import {
  lockWithdrawalsAfterCredentialChange,
  resolveWithdrawalAddress,
} from '../withdrawal-addresses/withdrawal-addresses.service.ts';
import {
  CHALLENGE_TTL_MS,
  credentialDescriptorOf,
  hasPasskeys,
  issuePasskeyChallenge,
  userHandleOf,
} from './passkey-assertions.ts';
import {
  countPasskeysOfUser,
  deletePasskey,
  deleteRegistrationChallengesOfUser,
  insertChallenge,
  insertPasskey,
  listPasskeysOfUser,
  type PasskeyRow,
  takeChallenge,
} from './passkeys.repo.ts';

type PasskeyManagementDeps = { db: Database; clock: Clock; config: AppConfig };

/** Enough for a phone, a laptop and a few security keys; a list that cannot grow without end. */
const MAX_PASSKEYS = 10;

const toPasskey = (row: PasskeyRow): Passkey => ({
  _id: row.id,
  name: row.name,
  isSynced: row.isBackedUp,
  isDisabled: row.disabledAt !== null,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export async function getPasskeys(db: Database, actor: Actor): Promise<Passkey[]> {
  return (await listPasskeysOfUser(db, { userId: actor.user.id })).map(toPasskey);
}

/**
 * The options to create a passkey, once the person proves again who they are: a new passkey is a
 * new way in, so a stolen session alone must not add one. The first is added with the password (and
 * code); later ones with a passkey the account already has. The passkey is discoverable (it signs in
 * without a user name) and verifies its user (a PIN or a fingerprint), so it is two factors in one.
 */
export async function startPasskeyRegistration(
  deps: PasskeyManagementDeps,
  actor: Actor,
  proof: IdentityProof,
) {
  const existing = await listPasskeysOfUser(deps.db, { userId: actor.user.id });
  // Once there is a passkey, a relayed password and code must not add the phisher's own.
  if (existing.length > 0 && !proof.passkey) {
    throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.required, { passkeyRequired: true });
  }
  await confirmIdentity(deps, actor.user.id, proof);
  if (existing.length >= MAX_PASSKEYS) throw new AppError('CONFLICT', PASSKEY_MESSAGES.tooMany);
  const options = await generateRegistrationOptions({
    rpName: deps.config.passkeys.rpName,
    rpID: deps.config.passkeys.rpId,
    userName: actor.user.userName,
    userDisplayName: actor.user.fullName,
    userID: Buffer.from(userHandleOf(actor.user.id), 'base64url'),
    attestationType: 'none',
    excludeCredentials: existing.map(credentialDescriptorOf),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: CHALLENGE_TTL_MS,
  });
  const row = await runInTransaction(deps.db, async (tx) => {
    // The user's row lock orders this with addPasskey: a first passkey being added now is either
    // seen here, or voids this challenge when it commits.
    const user = await lockActiveUserOrFail(tx, actor.user.id, 'no key update');
    if (!proof.passkey && (await countPasskeysOfUser(tx, { userId: actor.user.id })) > 0) {
      throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.required, { passkeyRequired: true });
    }
    // Whoever removed the passkeys or changed the password with a stolen one cannot add their own
    // before the owner, told by e-mail, could act.
    const pausedUntil = user.withdrawalsLockedUntil;
    if (!proof.passkey && pausedUntil && pausedUntil > deps.clock.now()) {
      throw new AppError('FORBIDDEN', passkeyAfterPauseMessage(pausedUntil));
    }
    return insertChallenge(tx, {
      userId: actor.user.id,
      purpose: 'register',
      challenge: options.challenge,
      expiresAt: new Date(deps.clock.now().getTime() + CHALLENGE_TTL_MS),
    });
  });
  return {
    challengeId: row.id,
    options: {
      ...options,
      pubKeyCredParams: options.pubKeyCredParams.map(({ alg }) => ({ alg, type: 'public-key' as const })),
      excludeCredentials: existing.map(credentialDescriptorOf),
    },
  };
}

/** Keeps the browser's new passkey, after checking it answers this server's challenge on this origin. */
export async function addPasskey(
  deps: PasskeyManagementDeps,
  actor: Actor,
  input: z.output<typeof AddPasskeyRequestSchema>,
): Promise<Passkey> {
  const userId = actor.user.id;
  try {
    return await runInTransaction(deps.db, async (tx) => {
      // One registration of the account at a time, so the count below and the voiding of the
      // others cannot be raced by a second one finishing at the same moment.
      await lockActiveUserOrFail(tx, userId, 'no key update');
      const challenge = await takeChallenge(tx, { id: input.challengeId, purpose: 'register' });
      if (!challenge || challenge.userId !== userId || challenge.expiresAt <= deps.clock.now()) {
        throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.confirmationExpired);
      }
      const verification = await verifyRegistrationResponse({
        response: input.response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: deps.config.passkeys.origin,
        expectedRPID: deps.config.passkeys.rpId,
        requireUserVerification: true,
      }).catch(() => undefined);
      if (!verification?.verified || !verification.registrationInfo) {
        throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.notVerified);
      }
      if ((await countPasskeysOfUser(tx, { userId })) >= MAX_PASSKEYS) {
        throw new AppError('CONFLICT', PASSKEY_MESSAGES.tooMany);
      }
      const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
      const row = await insertPasskey(tx, {
        userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? input.response.response.transports ?? [],
        isBackupEligible: credentialDeviceType === 'multiDevice',
        isBackedUp: credentialBackedUp,
        name: input.name,
      });
      // Registrations started before this passkey existed were proven by password alone; later
      // passkeys are added with a passkey (startPasskeyRegistration).
      await deleteRegistrationChallengesOfUser(tx, { userId });
      await queueSecondFactorMail(tx, userId, {
        subject: 'A passkey was added to your account',
        what: `The passkey "${input.name}" was added to your account: it can now sign in and confirm withdrawals.`,
      });
      return toPasskey(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', PASSKEY_MESSAGES.alreadyRegistered);
    throw error;
  }
}

/**
 * Removes a passkey with a fresh proof of identity. Like turning two-factor sign-in off, it ends the
 * other sessions, pauses withdrawals for a while and is e-mailed: a thief who removed the owner's
 * passkey to confirm withdrawals by password would meet the pause and the owner would be told.
 */
export async function removePasskey(
  deps: PasskeyManagementDeps,
  actor: Actor,
  input: { id: string; proof: IdentityProof },
): Promise<void> {
  await confirmIdentity(deps, actor.user.id, input.proof);
  await runInTransaction(deps.db, async (tx) => {
    // The user's row first, as sign-ins and withdrawals lock it before the passkey's.
    await lockActiveUserOrFail(tx, actor.user.id, 'no key update');
    const removed = await deletePasskey(tx, { userId: actor.user.id, id: input.id });
    if (!removed) throw new AppError('NOT_FOUND', PASSKEY_MESSAGES.notFound);
    await endSessionsOfUser(tx, { userId: actor.user.id, keepSessionId: actor.sessionId });
    await lockWithdrawalsAfterCredentialChange(tx, deps, actor.user.id);
    await queueSecondFactorMail(tx, actor.user.id, {
      subject: 'A passkey was removed from your account',
      what: `The passkey "${removed.name}" was removed from your account. Every other session has ended, and withdrawals are paused for a while.`,
    });
  });
}

/**
 * A challenge for the passkey to answer: to re-authenticate, or bound to one withdrawal or one new
 * address. The request is checked as the act itself will check it, so a confirmation is never
 * asked for something that would be refused, and what it commits to is answered for the dialog.
 */
export async function challengePasskey(
  deps: PasskeyManagementDeps,
  actor: Actor,
  request: z.output<typeof PasskeyChallengeRequestSchema>,
): Promise<PasskeyChallenge & { intent: PasskeyIntent }> {
  const userId = actor.user.id;
  if (!(await hasPasskeys(deps.db, userId))) throw new AppError('CONFLICT', PASSKEY_MESSAGES.noPasskeys);
  if (request.purpose === 'reauthenticate') {
    const { expiresAt, ...challenge } = await issuePasskeyChallenge(deps, {
      userId,
      purpose: request.purpose,
    });
    return { ...challenge, intent: { purpose: request.purpose, expiresAt: expiresAt.toISOString() } };
  }
  if (request.purpose === 'withdrawal-address') {
    if (!isAddressForCoin(request.coin, request.address, deps.config.chain.bitcoinNetwork)) {
      throw new AppError('BAD_REQUEST', MESSAGES.invalidAddress);
    }
    const intent = { coin: request.coin, address: request.address };
    const { expiresAt, ...challenge } = await issuePasskeyChallenge(deps, {
      userId,
      purpose: request.purpose,
      intent,
    });
    return {
      ...challenge,
      intent: {
        purpose: request.purpose,
        ...intent,
        label: request.label,
        expiresAt: expiresAt.toISOString(),
      },
    };
  }
  const { purpose, ...withdrawal } = request;
  const parsed = WithdrawRequestSchema.safeParse(withdrawal);
  if (!parsed.success) {
    throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? MESSAGES.unexpected);
  }
  const saved = await resolveWithdrawalAddress(
    deps.db,
    {
      userId,
      now: deps.clock.now(),
      withdrawalsLockedUntil: actor.user.withdrawalsLockedUntil,
      bitcoinNetwork: deps.config.chain.bitcoinNetwork,
    },
    parsed.data.target,
  );
  const intent = { coin: saved.coin, address: saved.address, amountCents: parsed.data.amountCents };
  const { expiresAt, ...challenge } = await issuePasskeyChallenge(deps, { userId, purpose, intent });
  return {
    ...challenge,
    intent: {
      purpose,
      coin: saved.coin,
      address: saved.address,
      amountCents: parsed.data.amountCents.toString(),
      label: saved.label,
      expiresAt: expiresAt.toISOString(),
    },
  };
}
