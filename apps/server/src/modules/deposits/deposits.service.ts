import { createHash } from 'node:crypto';
import { type Coin, formatUsd, MESSAGES, type TradeUser } from '@vestora/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { detectAllowedType, PROOF_TYPES } from '../../lib/uploads.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Actor } from '../auth/auth.service.ts';
import { storeFile } from '../files/files.service.ts';
import { currentGateway } from '../gateways/gateways.service.ts';
import { type StoredResponse, withIdempotency } from '../idempotency/idempotency.service.ts';
import { postTransfers } from '../ledger/ledger.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { toTradeUser } from '../users/users.mapper.ts';
import { loadUserRecord, lockActiveUserOrFail, UUID } from '../users/users.service.ts';
import {
  countPendingDeposits,
  insertDeposit,
  isChainDeposit,
  lockDeposit,
  recordDepositDecision,
} from './deposits.repo.ts';

export interface DepositInput {
  mode: Coin;
  amountCents: bigint;
  proof: Buffer | undefined;
}

export async function createDeposit(
  deps: { db: Database; minDepositCents: bigint; maxPending: number },
  actor: Actor,
  input: DepositInput,
  idempotencyKey: string | undefined,
): Promise<StoredResponse> {
  if (input.amountCents < deps.minDepositCents) {
    throw new AppError('BAD_REQUEST', `minimum is ${Number(deps.minDepositCents) / 100}`);
  }
  const proofType = input.proof ? await detectAllowedType(input.proof, PROOF_TYPES) : null;
  if (input.proof && !proofType) throw new AppError('BAD_REQUEST', MESSAGES.proofType);

  const userId = actor.user.id;
  const fingerprint = {
    action: 'deposit',
    mode: input.mode,
    amountCents: input.amountCents,
    proof: input.proof ? createHash('sha256').update(input.proof).digest('hex') : null,
  };
  return withIdempotency(deps.db, { userId, key: idempotencyKey, fingerprint }, async (tx) => {
    // Held until commit: an account being deleted at this instant either waits for this or is gone,
    // and the user's other deposits are counted one request at a time.
    await lockActiveUserOrFail(tx, userId, 'update');
    if ((await countPendingDeposits(tx, { userId })) >= deps.maxPending) {
      throw new AppError('CONFLICT', MESSAGES.tooManyPendingDeposits);
    }
    const proof =
      input.proof && proofType
        ? await storeFile(tx, { content: input.proof, mimeType: proofType, ownerId: userId })
        : null;
    // The address and QR the depositor was shown stay with the deposit, whatever happens to the gateway.
    const gateway = await currentGateway(tx, input.mode);
    await insertDeposit(tx, {
      userId,
      mode: input.mode,
      amountCents: input.amountCents,
      proofFileId: proof?.id ?? null,
      address: gateway?.address ?? null,
      addressImageFileId: gateway?.imageFileId ?? null,
    });
    const data: TradeUser = toTradeUser(await loadUserRecord(tx, userId));
    return { status: 200, body: { data, message: MESSAGES.depositSuccess } };
  });
}

type Decision = { action: 'approve' } | { action: 'decline'; reason: string | null };

/** Approve credits the depositor through the ledger; decline moves nothing. Only pending deposits. */
export async function decideDeposit(
  db: Database,
  actor: Actor,
  id: string,
  decision: Decision,
  idempotencyKey: string | undefined,
): Promise<StoredResponse> {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', MESSAGES.transactionNotFound);
  const fingerprint = { action: `${decision.action}-deposit`, id };
  return withIdempotency(db, { userId: actor.user.id, key: idempotencyKey, fingerprint }, async (tx) => {
    const deposit = await lockDeposit(tx, { id });
    if (!deposit) throw new AppError('NOT_FOUND', MESSAGES.transactionNotFound);
    if (deposit.status !== 'pending') throw new AppError('CONFLICT', MESSAGES.alreadyProcessed);
    if (await isChainDeposit(tx, { id })) throw new AppError('CONFLICT', MESSAGES.chainDepositNotReviewed);
    if (decision.action === 'approve') {
      await postTransfers(tx, [
        {
          from: { platform: 'deposits' },
          to: { userId: deposit.userId, kind: 'available' },
          amountCents: deposit.amountCents,
          kind: 'deposit',
          reference: { type: 'deposit', id },
          settlementKey: `deposit:${id}`,
          actorId: actor.user.id,
        },
      ]);
    }
    await recordDepositDecision(tx, {
      id,
      status: decision.action === 'approve' ? 'approved' : 'rejected',
      decidedBy: actor.user.id,
      reason: decision.action === 'decline' ? decision.reason : null,
    });
    const isApproval = decision.action === 'approve';
    const amount = formatUsd(deposit.amountCents);
    await notify(tx, {
      userId: deposit.userId,
      kind: 'deposit',
      title: isApproval ? 'Deposit approved' : 'Deposit declined',
      body: isApproval
        ? `Your ${deposit.mode.toUpperCase()} deposit of ${amount} was approved and added to your balance.`
        : `Your ${deposit.mode.toUpperCase()} deposit of ${amount} was declined${decision.action === 'decline' && decision.reason ? `: ${decision.reason}` : '.'}`,
      link: '/user/history',
    });
    await recordAudit(tx, actor, {
      action: isApproval ? 'deposit.approve' : 'deposit.decline',
      targetType: 'deposit',
      targetId: id,
      before: { status: 'pending' },
      after: {
        status: isApproval ? 'approved' : 'rejected',
        reason: decision.action === 'decline' ? decision.reason : null,
      },
    });
    const message = isApproval ? MESSAGES.depositApproved : MESSAGES.depositDeclined;
    return { status: 200, body: { message } };
  });
}
