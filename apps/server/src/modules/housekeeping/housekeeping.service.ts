import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { runAsLeader, startRepeating } from '../../lib/leader-job.ts';
import { HOUR_MS } from '../../lib/time.ts';
import { deleteExpiredEmailChangeLocks } from '../account/account.service.ts';
import { deleteApiKeyCallsBefore } from '../api-keys/api-keys.service.ts';
import { deleteAttemptsBefore } from '../attempts/attempts.service.ts';
import { deleteSpentEmailConfirmations } from '../email-confirmation/email-confirmation.service.ts';
import {
  deleteIdentityRecordsClosedBefore,
  deleteUnclaimedImagesBefore,
} from '../identity/identity.service.ts';
import { deleteFinishedMailBefore } from '../mail/mail.service.ts';
import { deleteExpiredPasskeyChallenges } from '../passkeys/passkey-assertions.ts';
import { deleteSpentPasswordResets } from '../password-reset/password-reset.service.ts';
import { sweepExpiredSessions } from '../sessions/live-sessions.service.ts';
import { deleteFinishedEventsBefore } from '../webhooks/webhooks.service.ts';
import { deleteIdempotencyKeysBefore, deleteLoginEventsBefore } from './housekeeping.repo.ts';

/** One housekeeper at a time across every server process on the database. */
export const HOUSEKEEPING_LOCK_ID = 7_215_004;
/** Attempts older than this count towards no limit: the longest window is the sign-in one. */
const MIN_ATTEMPT_KEEP_MS = 24 * HOUR_MS;
/** An identity image not sent in a submission within this time was abandoned. */
const UNCLAIMED_IDENTITY_IMAGE_KEEP_MS = 24 * HOUR_MS;

export interface HousekeepingRun {
  isSkipped: boolean;
  removed: Record<
    | 'sessions'
    | 'attempts'
    | 'idempotencyKeys'
    | 'passwordResets'
    | 'emailConfirmations'
    | 'emailChangeLocks'
    | 'loginEvents'
    | 'sentMail'
    | 'passkeyChallenges'
    | 'identityVerifications'
    | 'identityImages'
    | 'unclaimedIdentityImages'
    | 'apiKeyCalls'
    | 'webhookEvents',
    number
  >;
}

/**
 * Removes what can no longer be used: expired sessions, attempts outside every window, idempotency
 * keys past their retention, used or expired reset, confirmation and lock links, unanswered passkey
 * challenges, sign-in events and sent e-mails past the sign-in events' retention, identity documents
 * and submissions of accounts closed longer ago than their retention, identity images never sent,
 * and the record of API key calls and finished webhook events past the sign-in events' retention.
 */
export async function runHousekeeping(
  db: Database,
  config: AppConfig,
  clock: Clock,
): Promise<HousekeepingRun> {
  const removed = await runAsLeader(db, HOUSEKEEPING_LOCK_ID, async () => {
    const now = clock.now();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const closedAccounts = await deleteIdentityRecordsClosedBefore(db, {
      before: ago(config.identityDocuments.retentionMs),
    });
    return {
      sessions: await sweepExpiredSessions(db, { now }),
      attempts: await deleteAttemptsBefore(db, {
        before: ago(Math.max(config.login.windowMs, MIN_ATTEMPT_KEEP_MS)),
      }),
      idempotencyKeys: await deleteIdempotencyKeysBefore(db, {
        before: ago(config.retention.idempotencyKeysMs),
      }),
      passwordResets: await deleteSpentPasswordResets(db, { now }),
      emailConfirmations: await deleteSpentEmailConfirmations(db, { now }),
      emailChangeLocks: await deleteExpiredEmailChangeLocks(db, { now }),
      loginEvents: await deleteLoginEventsBefore(db, { before: ago(config.retention.loginEventsMs) }),
      sentMail: await deleteFinishedMailBefore(db, { before: ago(config.retention.loginEventsMs) }),
      passkeyChallenges: await deleteExpiredPasskeyChallenges(db, { now }),
      identityVerifications: closedAccounts.verifications,
      identityImages: closedAccounts.images,
      unclaimedIdentityImages: await deleteUnclaimedImagesBefore(db, {
        before: ago(UNCLAIMED_IDENTITY_IMAGE_KEEP_MS),
      }),
      apiKeyCalls: await deleteApiKeyCallsBefore(db, { before: ago(config.retention.loginEventsMs) }),
      webhookEvents: await deleteFinishedEventsBefore(db, { before: ago(config.retention.loginEventsMs) }),
    };
  });
  return removed
    ? { isSkipped: false, removed }
    : {
        isSkipped: true,
        removed: {
          sessions: 0,
          attempts: 0,
          idempotencyKeys: 0,
          passwordResets: 0,
          emailConfirmations: 0,
          emailChangeLocks: 0,
          loginEvents: 0,
          sentMail: 0,
          passkeyChallenges: 0,
          identityVerifications: 0,
          identityImages: 0,
          unclaimedIdentityImages: 0,
          apiKeyCalls: 0,
          webhookEvents: 0,
        },
      };
}

/** Hourly housekeeping; the returned function stops it. */
export function startHousekeeping(
  db: Database,
  config: AppConfig,
  clock: Clock,
  log: { error(details: object, message: string): void },
): () => Promise<void> {
  return startRepeating(
    () =>
      runHousekeeping(db, config, clock).catch((error: unknown) =>
        log.error({ err: error }, 'housekeeping failed'),
      ),
    HOUR_MS,
  );
}
