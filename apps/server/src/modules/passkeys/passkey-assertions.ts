import { createHash, randomBytes } from 'node:crypto';
import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import {
  PASSKEY_MESSAGES,
  PASSKEY_TRANSPORTS,
  type PasskeyAssertion,
  type PasskeyChallenge,
  type PasskeyTransport,
} from '@vestora/shared';
import type { AppConfig } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { PasskeyIntentRecord, PasskeyPurpose } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { runInTransaction } from '../../lib/transaction.ts';
import { queueUserMail } from '../mail/mail.service.ts';
import {
  countPasskeysOfUser,
  deleteExpiredChallenges,
  deletePasskeysOfUser,
  disablePasskey,
  findPasskeyByCredentialId,
  findPasskeyById,
  insertChallenge,
  listPasskeysOfUser,
  type PasskeyRow,
  recordPasskeyUse,
  takeChallenge,
} from './passkeys.repo.ts';

/**
 * The one place a passkey's answer is checked: sign-in, second factor, re-authentication and the
 * confirmations bound to a withdrawal or an address all come through `verifyPasskeyAssertion`.
 */

export type PasskeyDeps = { db: Database; clock: Clock; config: Pick<AppConfig, 'passkeys'> };

/** How long the browser's prompt may stay open before its challenge is void. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** What a withdrawal's or an address's confirmation commits to, besides its account. */
export interface PasskeyIntent {
  coin: string;
  address: string;
  amountCents?: bigint;
}

/** A passkey's user handle: the account id, so a sign-in with a passkey alone finds its account. */
export const userHandleOf = (userId: string) => Buffer.from(userId, 'utf8').toString('base64url');

/**
 * The challenge of an intent: a hash of exactly what is confirmed, under a nonce. The authenticator
 * signs it, so the signature itself names the account, the coin, the address and the amount.
 */
function intentChallenge(
  userId: string,
  purpose: PasskeyPurpose,
  intent: PasskeyIntentRecord,
  expiresAt: Date,
) {
  const fields = [
    purpose,
    userId,
    intent.coin ?? '',
    intent.address ?? '',
    intent.amountCents ?? '',
    expiresAt.toISOString(),
    intent.nonce,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest().toString('base64url');
}

const isKnownTransport = (transport: string): transport is PasskeyTransport =>
  (PASSKEY_TRANSPORTS as readonly string[]).includes(transport);

/** How the browser is told of one of the user's passkeys, so it offers that one. */
export const credentialDescriptorOf = (passkey: { credentialId: string; transports: string[] }) => ({
  id: passkey.credentialId,
  type: 'public-key' as const,
  transports: passkey.transports.filter(isKnownTransport),
});

/** Challenges nobody answered in time: a sign-in page opened and left. */
export async function deleteExpiredPasskeyChallenges(db: Executor, { now }: { now: Date }): Promise<number> {
  return deleteExpiredChallenges(db, { now });
}

/** Every passkey of the account: an administrator's reset of its second factor, the lock link, closure. */
export async function removeAllPasskeys(tx: Executor, userId: string): Promise<number> {
  return deletePasskeysOfUser(tx, { userId });
}

export async function hasPasskeys(db: Executor, userId: string): Promise<boolean> {
  return (await countPasskeysOfUser(db, { userId })) > 0;
}

/**
 * Issues a challenge for one answer. With a user, the browser is offered that user's passkeys; with
 * none (a sign-in by passkey alone), whichever passkey the person picks names the account.
 */
export async function issuePasskeyChallenge(
  deps: PasskeyDeps,
  request:
    | { userId: string; purpose: Exclude<PasskeyPurpose, 'sign-in'>; intent?: PasskeyIntent }
    | { userId: null; purpose: 'sign-in' },
): Promise<PasskeyChallenge & { expiresAt: Date }> {
  const { userId, purpose } = request;
  const intent = 'intent' in request ? request.intent : undefined;
  const expiresAt = new Date(deps.clock.now().getTime() + CHALLENGE_TTL_MS);
  const record: PasskeyIntentRecord | null = intent
    ? {
        coin: intent.coin,
        address: intent.address,
        amountCents: intent.amountCents?.toString(),
        nonce: randomBytes(16).toString('base64url'),
      }
    : null;
  const challenge =
    record && userId
      ? intentChallenge(userId, purpose, record, expiresAt)
      : randomBytes(32).toString('base64url');
  const allowed = userId ? await listPasskeysOfUser(deps.db, { userId }) : [];
  const options = await generateAuthenticationOptions({
    rpID: deps.config.passkeys.rpId,
    challenge: Buffer.from(challenge, 'base64url'),
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  const row = await insertChallenge(deps.db, { userId, purpose, challenge, intent: record, expiresAt });
  return {
    challengeId: row.id,
    options: { ...options, allowCredentials: allowed.map(credentialDescriptorOf) },
    expiresAt,
  };
}

/**
 * Checks a passkey's answer to a challenge this server issued for `purpose` and takes the challenge,
 * so it answers once. With `userId`, the passkey must be that user's; with `intent`, the challenge
 * must have been issued for exactly that request. Run it in the transaction of the act it allows:
 * a rolled-back act leaves the challenge for a retry of the same request, and of two acts racing
 * with one answer only the first finds the challenge. Answers the passkey's owner.
 */
export async function verifyPasskeyAssertion(
  tx: Executor,
  deps: PasskeyDeps,
  {
    assertion,
    purpose,
    userId,
    intent,
  }: { assertion: PasskeyAssertion; purpose: PasskeyPurpose; userId: string | null; intent?: PasskeyIntent },
): Promise<{ userId: string; passkeyId: string }> {
  const now = deps.clock.now();
  const challenge = await takeChallenge(tx, { id: assertion.challengeId, purpose });
  if (!challenge || challenge.expiresAt <= now || (userId !== null && challenge.userId !== userId)) {
    throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.confirmationExpired);
  }
  // The challenge the passkey signs was derived from the recorded intent when it was issued, so
  // comparing the intent with the act here is what binds the signature to the act.
  if (intent) {
    const recorded = challenge.intent;
    if (
      !recorded ||
      recorded.coin !== intent.coin ||
      recorded.address !== intent.address ||
      recorded.amountCents !== intent.amountCents?.toString()
    ) {
      throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.confirmationMismatch);
    }
  }
  const passkey = await findPasskeyByCredentialId(tx, { credentialId: assertion.response.id });
  if (!passkey || (challenge.userId !== null && passkey.userId !== challenge.userId)) {
    throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.unknownPasskey);
  }
  if (passkey.disabledAt) throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.disabled);
  const { userHandle } = assertion.response.response;
  if (userHandle !== undefined && userHandle !== userHandleOf(passkey.userId)) {
    throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.notVerified);
  }

  const verification = await verifyAuthenticationResponse({
    response: assertion.response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: deps.config.passkeys.origin,
    expectedRPID: deps.config.passkeys.rpId,
    // The counter is compared below, where a clone can be told from a bad signature.
    credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: 0 },
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!verification?.verified) throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.notVerified);

  const { newCounter, credentialDeviceType, credentialBackedUp } = verification.authenticationInfo;
  // A signature counter that does not move forward means two authenticators hold one key.
  // Which of the two is the copy cannot be told, so the credential is off for both.
  if ((newCounter > 0 || passkey.counter > 0) && newCounter <= passkey.counter) {
    await disableClonedPasskey(deps, passkey);
    throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.cloned);
  }
  // Whether a credential may be backed up is fixed when it is made (WebAuthn §6.1.3).
  if ((credentialDeviceType === 'multiDevice') !== passkey.isBackupEligible) {
    throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.notVerified);
  }
  const isRecorded = await recordPasskeyUse(tx, {
    id: passkey.id,
    counter: newCounter,
    isBackedUp: credentialBackedUp,
    usedAt: now,
  });
  if (!isRecorded) throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.notVerified);
  return { userId: passkey.userId, passkeyId: passkey.id };
}

/**
 * On the pool, not in the refused act's transaction, so the credential stays off and the owner is
 * told even though the act rolls back.
 */
async function disableClonedPasskey(deps: PasskeyDeps, passkey: PasskeyRow): Promise<void> {
  const { userId, name } = passkey;
  await runInTransaction(deps.db, async (tx) => {
    await disablePasskey(tx, { id: passkey.id, at: deps.clock.now() });
    await queueUserMail(tx, {
      userId,
      kind: 'second_factor_changed',
      subject: 'A copy of your passkey was refused',
      paragraphs: [
        `Your passkey "${name}" was just used with a signature counter lower than before, which happens when a passkey has been copied. We refused it.`,
        'That passkey is turned off now. Remove it under Settings, Security and add it again, and change your password. If you did not just sign in or confirm something, write to our support.',
      ],
    });
  });
}

/** For a sign-in that checked its passkey before opening the session: still there, still on. */
export async function isPasskeyStillUsable(tx: Executor, passkeyId: string): Promise<boolean> {
  const passkey = await findPasskeyById(tx, { id: passkeyId });
  return passkey !== undefined && passkey.disabledAt === null;
}
