import { randomUUID } from 'node:crypto';
import { type AdminUserRow, centsToUsd, formatUsd } from '@vestora/shared';
import { z } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Transaction } from '../../lib/transaction.ts';
import { type AdminChangeHandler, proposeAdminChange } from '../admin-changes/admin-changes.service.ts';
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
 * A staff member credits or debits a user's available balance. A credit above the approval amount
 * creates money, so it waits for a quorum of finance staff (issue 26); the answer then says so and
 * the balance is unchanged.
 */
export async function adjustBalance(
  tx: Transaction,
  deps: { actor: Actor; config: Pick<AppConfig, 'fileUrlBase' | 'staffApproval'>; clock: Clock },
  userId: string,
  input: AdjustmentInput,
): Promise<{ data: AdminUserRow; isPending: boolean }> {
  const { actor, config } = deps;
  await lockActiveUserOrFail(tx, userId, 'share');
  const isGuarded = input.mode === 'credit' && input.amountCents > config.staffApproval.creditCents;
  const change: CreditChange = { userId, amountCents: input.amountCents.toString(), reason: input.reason };
  const proposed =
    isGuarded &&
    (await proposeAdminChange(tx, actor, { kind: 'ledger.credit', subject: userId, payload: change }));
  if (!proposed) await postAdjustment(tx, actor, userId, input);
  return {
    data: toAdminUserRow(await loadUserRecord(tx, userId), config.fileUrlBase),
    isPending: !!proposed,
  };
}

const CreditChangeSchema = z.object({
  userId: z.string(),
  amountCents: z.string(),
  reason: z.string().nullable(),
});
type CreditChange = z.infer<typeof CreditChangeSchema>;

export const creditChangeHandler: AdminChangeHandler = {
  async describe(payload, { db }) {
    const change = CreditChangeSchema.parse(payload);
    const { user } = await loadUserRecord(db, change.userId);
    return {
      account: `${user.fullName} <${user.email}>`,
      amount: formatUsd(BigInt(change.amountCents)),
      reason: change.reason ?? 'none given',
    };
  },
  async apply(tx, { approver }, payload) {
    const change = CreditChangeSchema.parse(payload);
    await postAdjustment(tx, approver, change.userId, {
      mode: 'credit',
      amountCents: BigInt(change.amountCents),
      reason: change.reason,
    });
  },
};

/**
 * The money comes from, or goes to, the platform's adjustments account; who did it and why stay on
 * the transfer for the user to see.
 */
async function postAdjustment(tx: Transaction, actor: Actor, userId: string, input: AdjustmentInput) {
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
}
