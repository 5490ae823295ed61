import {
  ADMIN_CHANGE_LABELS,
  ADMIN_CHANGE_QUORUM,
  type AdminChange,
  type AdminChangeKind,
  MESSAGES,
} from '@vestora/shared';
import type { AppConfig } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { runInTransaction, type Transaction } from '../../lib/transaction.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { FileLinkDeps } from '../files/files.service.ts';
import type { Actor } from '../sessions/actor.ts';
import { assertMayApprove, planApprovals, remainingApprovalsSentence } from '../staff/quorum.service.ts';
import { emitWebhookEvent } from '../webhooks/webhook-outbox.ts';
import {
  type AdminChangeRow,
  decideAdminChange,
  insertAdminChange,
  insertApproval,
  listApprovals,
  listPendingAdminChanges,
  listPendingChangesAbout,
  lockAdminChange,
} from './admin-changes.repo.ts';

/** How one kind of change is shown to the approver and applied once approved. */
export interface AdminChangeHandler {
  /** What the approver reads; images as signed links, since an <img> sends no bearer token. */
  describe(payload: unknown, deps: FileLinkDeps): Promise<Record<string, string>>;
  apply(
    tx: Transaction,
    context: { approver: Actor; requestedBy: string; now: Date },
    payload: unknown,
  ): Promise<void>;
}

export type AdminChangeHandlers = Record<AdminChangeKind, AdminChangeHandler>;

type QuorumDeps = { clock: Clock; config: Pick<AppConfig, 'staffApproval'> };

/**
 * Records a change for other staff to approve, in the caller's transaction, with who may approve
 * it and how many must, fixed now. Null when the policy needs nobody else (a platform with a
 * single eligible person): the caller applies the change itself.
 */
export async function proposeAdminChange(
  tx: Executor,
  actor: Actor,
  change: { kind: AdminChangeKind; subject: string; payload: unknown },
): Promise<AdminChangeRow | null> {
  const plan = await planApprovals(tx, ADMIN_CHANGE_QUORUM[change.kind], actor.user.id);
  if (plan.requiredApprovals === 0) return null;
  const row = await insertAdminChange(tx, {
    ...change,
    ...plan,
    requestedBy: actor.user.id,
    // Wall time: approvers' grants are compared with it (quorum.service.ts).
    requestedAt: new Date(),
  });
  await recordAudit(tx, actor, {
    action: 'change.propose',
    targetType: 'admin_change',
    targetId: row.id,
    after: {
      kind: row.kind,
      subject: row.subject,
      payload: row.payload,
      requiredApprovals: row.requiredApprovals,
      eligibleApproverIds: row.eligibleApproverIds,
    },
  });
  await emitWebhookEvent(tx, {
    type: 'approval.pending',
    data: {
      approvalId: row.id,
      kind: change.kind,
      summary: `${ADMIN_CHANGE_LABELS[change.kind]}: ${change.subject}`,
      proposedBy: actor.user.id,
      requiredApprovals: row.requiredApprovals,
    },
  });
  return row;
}

/** Why `actor` cannot approve `change`, in a sentence; null when they can. */
async function refusalFor(
  db: Executor,
  deps: QuorumDeps,
  actor: Actor,
  change: AdminChangeRow,
  approverIds: string[],
): Promise<string | null> {
  if (change.requestedBy === actor.user.id) return MESSAGES.adminChangeOwn;
  if (approverIds.includes(actor.user.id)) return MESSAGES.adminChangeApprovedAlready;
  try {
    await assertMayApprove(db, deps, actor, {
      kind: ADMIN_CHANGE_QUORUM[change.kind as AdminChangeKind],
      proposedAt: change.requestedAt,
      eligibleApproverIds: change.eligibleApproverIds,
    });
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}

export async function getPendingAdminChanges(
  deps: FileLinkDeps & QuorumDeps & { handlers: AdminChangeHandlers },
  actor: Actor,
): Promise<AdminChange[]> {
  const rows = await listPendingAdminChanges(deps.db);
  const approvals = await listApprovals(
    deps.db,
    rows.map(({ change }) => change.id),
  );
  return Promise.all(
    rows.map(async ({ change, requester }) => {
      const kind = change.kind as AdminChangeKind;
      const given = approvals.filter((approval) => approval.changeId === change.id);
      return {
        _id: change.id,
        kind,
        subject: change.subject,
        details: await deps.handlers[kind].describe(change.payload, deps),
        status: change.status,
        requestedBy: { _id: requester.id, fullName: requester.fullName, email: requester.email },
        requestedAt: change.requestedAt.toISOString(),
        requiredApprovals: change.requiredApprovals,
        approvals: given.map((approval) => ({
          _id: approval.approverId,
          fullName: approval.fullName,
          at: approval.approvedAt.toISOString(),
        })),
        refusal: await refusalFor(
          deps.db,
          deps,
          actor,
          change,
          given.map((approval) => approval.approverId),
        ),
      };
    }),
  );
}

/** Locks a pending change that `actor` may decide: someone else's, still pending. */
async function lockDecidableChange(tx: Transaction, actor: Actor, id: string): Promise<AdminChangeRow> {
  const change = await lockAdminChange(tx, { id });
  if (!change) throw new AppError('NOT_FOUND', MESSAGES.adminChangeNotFound);
  if (change.status !== 'pending') throw new AppError('CONFLICT', MESSAGES.adminChangeDecided);
  if (change.requestedBy === actor.user.id) throw new AppError('FORBIDDEN', MESSAGES.adminChangeOwn);
  return change;
}

export type ApprovalOutcome = { status: 'applied' } | { status: 'awaiting'; message: string };

/**
 * An eligible person approves: once the change has all the approvals it was proposed with, it is
 * applied, once, in the same transaction. The change's row lock orders approvals arriving together
 * (on any process), so the last one applies it and any other finds it decided.
 */
export async function approveAdminChange(
  deps: { db: Database; handlers: AdminChangeHandlers } & QuorumDeps,
  actor: Actor,
  id: string,
): Promise<ApprovalOutcome> {
  return runInTransaction(deps.db, (tx) => approveAdminChangeIn(tx, deps, actor, id));
}

/** The same, in the caller's transaction: a deposit's second approval arrives through its own route. */
export async function approveAdminChangeIn(
  tx: Transaction,
  // A module applying its own kind passes just its handler.
  deps: { handlers: Partial<AdminChangeHandlers> } & QuorumDeps,
  actor: Actor,
  id: string,
): Promise<ApprovalOutcome> {
  const change = await lockDecidableChange(tx, actor, id);
  const kind = change.kind as AdminChangeKind;
  const now = deps.clock.now();
  await assertMayApprove(tx, deps, actor, {
    kind: ADMIN_CHANGE_QUORUM[kind],
    proposedAt: change.requestedAt,
    eligibleApproverIds: change.eligibleApproverIds,
  });
  if (!(await insertApproval(tx, { changeId: id, approverId: actor.user.id, approvedAt: now }))) {
    throw new AppError('CONFLICT', MESSAGES.adminChangeApprovedAlready);
  }
  const approvals = await listApprovals(tx, [id]);
  const remaining = change.requiredApprovals - approvals.length;
  const quorum = {
    kind: change.kind,
    subject: change.subject,
    proposedBy: change.requestedBy,
    approvedBy: approvals.map((approval) => approval.approverId),
    requiredApprovals: change.requiredApprovals,
  };
  if (remaining > 0) {
    await recordAudit(tx, actor, {
      action: 'change.approval',
      targetType: 'admin_change',
      targetId: id,
      before: { status: 'pending' },
      after: { status: 'pending', ...quorum },
    });
    return {
      status: 'awaiting',
      message: remainingApprovalsSentence(ADMIN_CHANGE_QUORUM[kind], remaining),
    };
  }
  const handler = deps.handlers[kind];
  if (!handler) throw new Error(`no handler applies ${kind} changes here`);
  await handler.apply(tx, { approver: actor, requestedBy: change.requestedBy, now }, change.payload);
  await decideAdminChange(tx, { id, status: 'approved', decidedBy: actor.user.id, decidedAt: now });
  await recordAudit(tx, actor, {
    action: 'change.approve',
    targetType: 'admin_change',
    targetId: id,
    before: { status: 'pending' },
    after: { status: 'approved', ...quorum },
  });
  return { status: 'applied' };
}

/** Any eligible person may reject a change: refusing moves nothing. */
export async function rejectAdminChange(
  deps: { db: Database } & QuorumDeps,
  actor: Actor,
  id: string,
): Promise<void> {
  await runInTransaction(deps.db, async (tx) => {
    const change = await lockDecidableChange(tx, actor, id);
    const now = deps.clock.now();
    await assertMayApprove(tx, deps, actor, {
      kind: ADMIN_CHANGE_QUORUM[change.kind as AdminChangeKind],
      proposedAt: change.requestedAt,
      eligibleApproverIds: change.eligibleApproverIds,
    });
    await decideAdminChange(tx, { id, status: 'rejected', decidedBy: actor.user.id, decidedAt: now });
    await recordAudit(tx, actor, {
      action: 'change.reject',
      targetType: 'admin_change',
      targetId: id,
      before: { status: 'pending' },
      after: { status: 'rejected', kind: change.kind, subject: change.subject },
    });
  });
}

/** The pending change of `kind` about `subject`, if one waits (a deposit's first approval). */
export async function findPendingChangeAbout(
  tx: Executor,
  { kind, subject }: { kind: AdminChangeKind; subject: string },
): Promise<AdminChangeRow | undefined> {
  const [change] = await listPendingChangesAbout(tx, { kinds: [kind], subject });
  return change;
}

/** Closes what waits about a subject that was decided another way (a deposit declined meanwhile). */
export async function withdrawPendingChangesAbout(
  tx: Executor,
  actor: Actor,
  { kind, subject }: { kind: AdminChangeKind; subject: string },
): Promise<void> {
  for (const change of await listPendingChangesAbout(tx, { kinds: [kind], subject })) {
    await decideAdminChange(tx, {
      id: change.id,
      status: 'rejected',
      decidedBy: actor.user.id,
      decidedAt: new Date(),
    });
  }
}
