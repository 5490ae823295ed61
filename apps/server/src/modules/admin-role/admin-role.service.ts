import { type AdminUserRow, MESSAGES, type SetAdministratorRoleRequestSchema } from '@vestora/shared';
import type { z } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { runInTransaction } from '../../lib/transaction.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Actor } from '../auth/auth.service.ts';
import { confirmIdentity } from '../auth/reauthentication.service.ts';
import { getSiteSettings } from '../settings/settings.service.ts';
import { toAdminUserRow } from '../users/users.mapper.ts';
import { loadUserRecord, lockActiveUserOrFail } from '../users/users.service.ts';
import { lockAdministrators, setIsAdmin } from './admin-role.repo.ts';

export interface AdminRoleDeps {
  db: Database;
  config: AppConfig;
  clock: Clock;
  mailer: Mailer;
  log: { error(details: object, message: string): void };
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
  const { row, isChanged, email, fullName } = await runInTransaction(deps.db, async (tx) => {
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
    }
    return {
      row: toAdminUserRow(await loadUserRecord(tx, id), deps.config.fileUrlBase),
      isChanged: changed,
      email: before.email,
      fullName: before.fullName,
    };
  });
  if (isChanged) {
    await sendRoleChangedNotice(deps, {
      email,
      fullName,
      isAdmin: input.isAdmin,
      by: actor.user.fullName,
    }).catch((error: unknown) =>
      deps.log.error({ err: error }, 'the administrator role notice could not be sent'),
    );
  }
  return row;
}

async function sendRoleChangedNotice(
  deps: AdminRoleDeps,
  notice: { email: string; fullName: string; isAdmin: boolean; by: string },
): Promise<void> {
  const site = await getSiteSettings(deps.db);
  const what = notice.isAdmin
    ? `is now an administrator of ${site.firmName}`
    : `is no longer an administrator of ${site.firmName}`;
  await deps.mailer.send({
    to: notice.email,
    subject: notice.isAdmin
      ? `Your ${site.firmName} account is now an administrator`
      : `Your ${site.firmName} account is no longer an administrator`,
    text: [
      `Hello ${notice.fullName},`,
      '',
      `Your account ${what}; the change was made by ${notice.by}.`,
      '',
      `If you did not expect this, contact ${site.firmName} support: ${site.supportEmail}`,
    ].join('\n'),
  });
}
