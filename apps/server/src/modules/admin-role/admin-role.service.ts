import { type AdminUserRow, MESSAGES, type SetAdministratorRoleRequestSchema } from '@vestora/shared';
import type { z } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { runInTransaction } from '../../lib/transaction.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { confirmIdentity } from '../auth/reauthentication.service.ts';
import { queueUserMail } from '../mail/mail.service.ts';
import type { Actor } from '../sessions/actor.ts';
import { toAdminUserRow } from '../users/users.mapper.ts';
import { loadUserRecord, lockActiveUserOrFail } from '../users/users.service.ts';
import { lockAdministrators, setIsAdmin } from './admin-role.repo.ts';

export interface AdminRoleDeps {
  db: Database;
  config: AppConfig;
  clock: Clock;
}

/**
 * Grants or revokes the administrator role, on the acting administrator's password: the four-eyes
 * rule on large payouts needs a second administrator, and only a verified account becomes one. The
 * last administrator cannot be removed. Audited, and the account is told by e-mail.
 */
export async function setAdministratorRole(
  deps: AdminRoleDeps,
  actor: Actor,
  id: string,
  input: z.output<typeof SetAdministratorRoleRequestSchema>,
): Promise<AdminUserRow> {
  await confirmIdentity(deps, actor.user.id, { password: input.password }, { isSecondFactorChecked: false });
  return runInTransaction(deps.db, async (tx) => {
    const administrators = await lockAdministrators(tx);
    const before = await lockActiveUserOrFail(tx, id, 'update');
    if (input.isAdmin && !before.isVerified) {
      throw new AppError('CONFLICT', MESSAGES.administratorRoleNeedsVerified);
    }
    const isRemovingLast = !input.isAdmin && before.isAdmin && administrators.length <= 1;
    if (isRemovingLast) throw new AppError('CONFLICT', MESSAGES.lastAdministrator);
    const changed = before.isAdmin !== input.isAdmin;
    if (changed) {
      await setIsAdmin(tx, { id, isAdmin: input.isAdmin });
      await recordAudit(tx, actor, {
        action: 'user.role',
        targetType: 'user',
        targetId: id,
        before: { userName: before.userName, isAdmin: before.isAdmin },
        after: { userName: before.userName, isAdmin: input.isAdmin },
      });
      const what = input.isAdmin ? 'is now an administrator' : 'is no longer an administrator';
      await queueUserMail(tx, {
        userId: id,
        kind: 'administrator_role',
        subject: `Your account ${what}`,
        paragraphs: [
          `Your account ${what}; the change was made by ${actor.user.fullName}.`,
          'If you did not expect this, tell our support.',
        ],
      });
    }
    return toAdminUserRow(await loadUserRecord(tx, id), deps.config.fileUrlBase);
  });
}
