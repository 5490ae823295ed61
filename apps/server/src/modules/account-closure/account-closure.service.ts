import { type CloseAccountRequestSchema, MESSAGES } from '@vestora/shared';
import type { z } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { runInTransaction } from '../../lib/transaction.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { confirmIdentity } from '../auth/reauthentication.service.ts';
import { queueUserMail } from '../mail/mail.service.ts';
import { removeAllPasskeys } from '../passkeys/passkey-assertions.ts';
import { forgetPushSubscriptionsOf } from '../push/push.service.ts';
import type { Actor } from '../sessions/actor.ts';
import { endSessionsOfUser } from '../sessions/live-sessions.service.ts';
import { findOpenMoney, lockActiveUserOrFail, markUserDeleted } from '../users/users.service.ts';

/**
 * The person closes their own account, proving it with their password (and second factor): only
 * while it holds no money, awaits no decision and runs no plan. The account takes the status an
 * administrator's deletion gives (deleted): it cannot sign in, every session ends, and its ledger,
 * history and audit trail stay for the operator. Its e-mail address and user name stay with it, so
 * nobody can register under them and inherit the closed customer's identity; coming back goes
 * through support.
 *
 * The checks run after the user's row is locked: requesting a deposit or a withdrawal and an
 * administrator's credit lock it too, so each of them either commits before the check (and is
 * seen by it) or waits and then finds the account closed.
 */
export async function closeOwnAccount(
  deps: { db: Database; config: AppConfig; clock: Clock },
  actor: Actor,
  input: z.output<typeof CloseAccountRequestSchema>,
): Promise<void> {
  const userId = actor.user.id;
  await confirmIdentity(deps, userId, input);
  await runInTransaction(deps.db, async (tx) => {
    const before = await lockActiveUserOrFail(tx, userId, 'update');
    // The platform must keep someone to run it: an administrator steps down first.
    if (before.isAdmin) throw new AppError('CONFLICT', MESSAGES.closeAccountIsAdmin);
    const open = await findOpenMoney(tx, { id: userId });
    if (open.hasPendingDeposit) throw new AppError('CONFLICT', MESSAGES.closeAccountHasPendingDeposit);
    if (open.hasPendingWithdrawal) throw new AppError('CONFLICT', MESSAGES.closeAccountHasPendingWithdrawal);
    if (open.hasActivePlan) throw new AppError('CONFLICT', MESSAGES.closeAccountHasActivePlan);
    if (open.hasBalance) throw new AppError('CONFLICT', MESSAGES.closeAccountHasBalance);
    await markUserDeleted(tx, { id: userId });
    await endSessionsOfUser(tx, { userId });
    await removeAllPasskeys(tx, userId);
    await forgetPushSubscriptionsOf(tx, userId);
    await recordAudit(tx, actor, {
      action: 'user.close',
      targetType: 'user',
      targetId: userId,
      before: { userName: before.userName, status: before.status },
      after: { userName: before.userName, status: 'deleted' },
    });
    await queueUserMail(tx, {
      userId,
      kind: 'account_closed',
      subject: 'Your account was closed',
      paragraphs: [
        'Your account was closed at your request: every session has ended and signing in is no longer possible. Its history stays in our records.',
        'If you did not close it, write to our support at once.',
      ],
    });
  });
}
