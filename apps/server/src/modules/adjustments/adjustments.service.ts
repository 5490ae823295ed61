import { randomUUID } from 'node:crypto';
import { type AdminUserRow, centsToUsd, formatUsd } from '@vestora/shared';
import type { Transaction } from '../../lib/transaction.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { postTransfers } from '../ledger/ledger.service.ts';
import { queueUserMail } from '../mail/mail.service.ts';
import type { Actor } from '../sessions/actor.ts';
import { toAdminUserRow } from '../users/users.mapper.ts';
import { loadUserRecord, lockActiveUserOrFail } from '../users/users.service.ts';

export interface AdjustmentInput {
  mode: 'credit' | 'debit';
  amountCents: bigint;
  reason: string | null;
}

/**
 * An administrator credits or debits a user's available balance. The money comes from, or goes to,
 * the platform's adjustments account; who did it and why stay on the transfer for the user to see.
 */
export async function adjustBalance(
  tx: Transaction,
  { actor, fileUrlBase }: { actor: Actor; fileUrlBase: string },
  userId: string,
  input: AdjustmentInput,
): Promise<AdminUserRow> {
  // Held until commit: an account being deleted meanwhile either waits for this or is gone (404).
  const target = await lockActiveUserOrFail(tx, userId, 'share');
  const user = { userId, kind: 'available' as const };
  const platform = { platform: 'adjustments' as const };
  const adjustmentId = randomUUID();
  await postTransfers(tx, [
    {
      from: input.mode === 'credit' ? platform : user,
      to: input.mode === 'credit' ? user : platform,
      amountCents: input.amountCents,
      kind: input.mode === 'credit' ? 'admin_credit' : 'admin_debit',
      reference: { type: 'adjustment', id: adjustmentId },
      settlementKey: `adjustment:${adjustmentId}`,
      actorId: actor.user.id,
      reason: input.reason,
    },
  ]);
  await recordAudit(tx, actor, {
    action: input.mode === 'credit' ? 'user.credit' : 'user.debit',
    targetType: 'user',
    targetId: userId,
    before: { userName: target.userName },
    after: {
      userName: target.userName,
      amount: centsToUsd(input.amountCents),
      reason: input.reason,
    },
  });
  const isCredit = input.mode === 'credit';
  const amount = formatUsd(input.amountCents);
  await queueUserMail(tx, {
    userId,
    kind: isCredit ? 'admin_credit' : 'admin_debit',
    subject: isCredit ? 'Your balance was credited' : 'Your balance was debited',
    paragraphs: [
      isCredit
        ? `An administrator added ${amount} to your available balance.`
        : `An administrator took ${amount} from your available balance.`,
      `Reason: ${input.reason ?? 'none given'}.`,
      'It appears in your transaction history. If you have a question about it, write to our support.',
    ],
  });
  return toAdminUserRow(await loadUserRecord(tx, userId), fileUrlBase);
}
