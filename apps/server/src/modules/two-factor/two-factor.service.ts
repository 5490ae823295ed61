import { randomBytes } from 'node:crypto';
import { type LoginEvent, MESSAGES, type TwoFactorSetup, type TwoFactorStatus } from '@vestora/shared';
import QRCode from 'qrcode';
import type { AppConfig } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { createTotpSecret, matchTotp, totpUri } from '../../lib/totp.ts';
import { runInTransaction } from '../../lib/transaction.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { confirmIdentity } from '../auth/reauthentication.service.ts';
import { queueUserMail } from '../mail/mail.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { removeAllPasskeys } from '../passkeys/passkey-assertions.ts';
import type { Actor } from '../sessions/actor.ts';
import { endSessionsOfUser } from '../sessions/live-sessions.service.ts';
import { queueSecurityNotice } from '../sessions/security-notice.ts';
import { moneyGovernance } from '../staff/quorum.service.ts';
import { lockWithdrawalsAfterCredentialChange } from '../withdrawal-addresses/withdrawal-addresses.service.ts';
import { hashRecoveryCode } from './second-factor.ts';
import {
  claimTotpStep,
  countAdminsWithoutTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  findTwoFactorRow,
  insertLoginEvent,
  listLoginEventRows,
  type NewLoginEvent,
  replaceRecoveryCodes,
  setPendingSecret,
} from './two-factor.repo.ts';

const ISSUER = 'Vestora';
const RECOVERY_CODES = 10;

function newRecoveryCode(): string {
  const raw = randomBytes(5).toString('hex');
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

async function loadRow(db: Executor, userId: string) {
  const row = await findTwoFactorRow(db, { userId });
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.userNotFound);
  return row;
}

export async function getTwoFactorStatus(
  db: Executor,
  actor: Actor,
  isRequiredForAdmins: boolean,
): Promise<TwoFactorStatus> {
  const row = await loadRow(db, actor.user.id);
  return {
    isEnabled: row.totpEnabledAt !== null,
    recoveryCodesLeft: row.recoveryCodesLeft,
    isRequiredForAdmins,
  };
}

/** A new secret, kept pending until the person proves their app has it by entering one code. */
export async function startTwoFactorSetup(db: Executor, actor: Actor): Promise<TwoFactorSetup> {
  const row = await loadRow(db, actor.user.id);
  if (row.totpEnabledAt) throw new AppError('CONFLICT', MESSAGES.twoFactorAlreadyOn);
  const secret = createTotpSecret();
  await setPendingSecret(db, { userId: actor.user.id, secret });
  const otpauthUrl = totpUri({ secret, account: row.email, issuer: ISSUER });
  return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
}

type TwoFactorDeps = { db: Database; config: AppConfig; clock: Clock };

/**
 * Turns it on with the current password and the first valid code (a session alone must not be able
 * to lock the owner out); the recovery codes are shown this once and stored hashed, and every other
 * session ends.
 */
export async function confirmTwoFactor(
  deps: TwoFactorDeps,
  actor: Actor,
  input: { password: string; code: string },
): Promise<string[]> {
  await confirmIdentity(deps, actor.user.id, { password: input.password }, { isSecondFactorChecked: false });
  return runInTransaction(deps.db, async (tx) => {
    const row = await loadRow(tx, actor.user.id);
    if (row.totpEnabledAt) throw new AppError('CONFLICT', MESSAGES.twoFactorAlreadyOn);
    if (!row.totpSecret) throw new AppError('CONFLICT', MESSAGES.twoFactorNotStarted);
    const now = deps.clock.now();
    const step = matchTotp(row.totpSecret, input.code, now);
    if (step === null || !(await claimTotpStep(tx, { userId: actor.user.id, step }))) {
      throw new AppError('BAD_REQUEST', MESSAGES.twoFactorCodeWrong);
    }
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await enableTwoFactor(tx, { userId: actor.user.id, recoveryHashes: codes.map(hashRecoveryCode), now });
    await endSessionsOfUser(tx, { userId: actor.user.id, keepSessionId: actor.sessionId });
    await queueSecondFactorMail(tx, actor.user.id, {
      subject: 'Two-factor sign-in was turned on',
      what: 'Two-factor sign-in was turned on for your account: signing in now also asks for a code from the authenticator app. Every other session has ended.',
    });
    return codes;
  });
}

/** Every change to the second factor (an authenticator, recovery codes, a passkey) is e-mailed, in its transaction. */
export async function queueSecondFactorMail(
  tx: Executor,
  userId: string,
  { subject, what }: { subject: string; what: string },
): Promise<void> {
  await queueUserMail(tx, {
    userId,
    kind: 'second_factor_changed',
    subject,
    paragraphs: [
      what,
      'If it was not you, change your password now (that ends every other session) and tell our support.',
    ],
  });
}

/** New recovery codes, after the password and a code; the old ones stop working. */
export async function renewRecoveryCodes(
  deps: TwoFactorDeps,
  actor: Actor,
  input: { password: string; code: string },
): Promise<string[]> {
  const row = await loadRow(deps.db, actor.user.id);
  if (!row.totpEnabledAt) throw new AppError('CONFLICT', MESSAGES.twoFactorNotOn);
  await confirmIdentity(deps, actor.user.id, input);
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await runInTransaction(deps.db, async (tx) => {
    await replaceRecoveryCodes(tx, { userId: actor.user.id, recoveryHashes: codes.map(hashRecoveryCode) });
    await endSessionsOfUser(tx, { userId: actor.user.id, keepSessionId: actor.sessionId });
    await queueSecondFactorMail(tx, actor.user.id, {
      subject: 'New recovery codes were made',
      what: 'New two-factor recovery codes were made for your account; the old ones no longer work. Every other session has ended.',
    });
  });
  return codes;
}

export async function turnOffTwoFactor(
  deps: TwoFactorDeps,
  actor: Actor,
  input: { password: string; code: string },
): Promise<void> {
  const row = await loadRow(deps.db, actor.user.id);
  if (!row.totpEnabledAt) throw new AppError('CONFLICT', MESSAGES.twoFactorNotOn);
  await confirmIdentity(deps, actor.user.id, input);
  await runInTransaction(deps.db, async (tx) => {
    await disableTwoFactor(tx, { userId: actor.user.id });
    await endSessionsOfUser(tx, { userId: actor.user.id, keepSessionId: actor.sessionId });
    await lockWithdrawalsAfterCredentialChange(tx, deps, actor.user.id);
    await queueSecondFactorMail(tx, actor.user.id, {
      subject: 'Two-factor sign-in was turned off',
      what: 'Two-factor sign-in was turned off for your account: signing in now asks for the password alone. Every other session has ended, and withdrawals are paused for a while.',
    });
  });
}

/**
 * For a person who lost their authenticator and recovery codes: an administrator turns the second
 * factor off. Audited, visible in the person's security history and notifications, every session of
 * the account ends, and the person is e-mailed.
 */
export async function resetSecondFactorByAdmin(
  deps: TwoFactorDeps,
  actor: Actor,
  input: { userId: string; ip: string; userAgent: string | null },
): Promise<void> {
  // Their own goes through Settings, with their password and a code, like everyone else's.
  if (input.userId === actor.user.id) throw new AppError('CONFLICT', MESSAGES.twoFactorOwnReset);
  await runInTransaction(deps.db, async (tx) => {
    const row = await loadRow(tx, input.userId);
    // A lost phone takes its passkey with it: those go too, or the person could not sign in by them.
    const passkeysRemoved = await removeAllPasskeys(tx, input.userId);
    if (!row.totpEnabledAt && passkeysRemoved === 0) throw new AppError('CONFLICT', MESSAGES.twoFactorNotOn);
    await disableTwoFactor(tx, { userId: input.userId });
    await endSessionsOfUser(tx, { userId: input.userId });
    await lockWithdrawalsAfterCredentialChange(tx, deps, input.userId);
    await recordLoginEvent(tx, {
      userId: input.userId,
      outcome: 'second_factor_reset',
      ip: input.ip,
      userAgent: input.userAgent,
    });
    await recordAudit(tx, actor, {
      action: 'user.reset2fa',
      targetType: 'user',
      targetId: input.userId,
      before: { twoFactor: row.totpEnabledAt ? 'on' : 'off', passkeys: passkeysRemoved },
      after: { twoFactor: 'off', passkeys: 0 },
    });
    await notify(tx, {
      userId: input.userId,
      kind: 'account',
      title: 'Two-factor sign-in turned off',
      body: 'An administrator turned off two-factor sign-in on your account at your request. Turn it on again under Settings, Security.',
      link: '/user/settings',
    });
    await queueSecurityNotice(tx, input.userId, 'twoFactorReset');
  });
}

export async function recordLoginEvent(db: Executor, event: NewLoginEvent): Promise<void> {
  await insertLoginEvent(db, event);
}

export async function getLoginHistory(
  db: Executor,
  query: { userId: string; page: number; pageSize: number },
) {
  const { rows, total } = await listLoginEventRows(db, query);
  const data: LoginEvent[] = rows.map((row) => ({
    _id: row.id,
    outcome: row.outcome,
    ip: row.ip,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
  }));
  return { data, total, page: query.page, pageSize: query.pageSize };
}

/** The console's security posture: password-only staff, and how many approve a payout. */
export async function getAdminSecurity(db: Executor, isRequiredForAdmins: boolean) {
  const [adminsWithoutTwoFactor, governance] = await Promise.all([
    countAdminsWithoutTwoFactor(db),
    moneyGovernance(db),
  ]);
  return { adminsWithoutTwoFactor, isRequiredForAdmins, governance };
}

/** Reads and writes of this module that other modules call: its repository stays private to it. */
export { countAdminsWithoutTwoFactor } from './two-factor.repo.ts';
