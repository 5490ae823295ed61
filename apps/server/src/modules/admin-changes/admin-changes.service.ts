import { type AdminChange, type AdminChangeKind, MESSAGES } from '@vestora/shared';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { runInTransaction, type Transaction } from '../../lib/transaction.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { FileLinkDeps } from '../files/files.service.ts';
import type { Actor } from '../sessions/actor.ts';
import {
  type AdminChangeRow,
  countActiveAdmins,
  decideAdminChange,
  insertAdminChange,
  listPendingAdminChanges,
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

/**
 * Whether a change to where depositors pay must wait for a second administrator: it must as soon
 * as there is one, so that a single stolen admin session cannot redirect deposits.
 */
export async function needsSecondAdmin(db: Executor): Promise<boolean> {
  return (await countActiveAdmins(db)) > 1;
}

/** Records a change for another administrator to approve; the caller's transaction holds it. */
export async function proposeAdminChange(
  tx: Executor,
  deps: { clock: Clock },
  actor: Actor,
  change: { kind: AdminChangeKind; subject: string; payload: unknown },
): Promise<AdminChangeRow> {
  const row = await insertAdminChange(tx, {
    ...change,
    requestedBy: actor.user.id,
    requestedAt: deps.clock.now(),
  });
  await recordAudit(tx, actor, {
    action: 'change.propose',
    targetType: 'admin_change',
    targetId: row.id,
    after: { kind: row.kind, subject: row.subject, payload: row.payload },
  });
  return row;
}

export async function getPendingAdminChanges(
  deps: FileLinkDeps & { handlers: AdminChangeHandlers },
): Promise<AdminChange[]> {
  const rows = await listPendingAdminChanges(deps.db);
  return Promise.all(
    rows.map(async ({ change, requester }) => {
      const kind = change.kind as AdminChangeKind;
      return {
        _id: change.id,
        kind,
        subject: change.subject,
        details: await deps.handlers[kind].describe(change.payload, deps),
        status: change.status,
        requestedBy: { _id: requester.id, fullName: requester.fullName, email: requester.email },
        requestedAt: change.requestedAt.toISOString(),
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

/** A second administrator approves: the change is applied, once, in the same transaction. */
export async function approveAdminChange(
  deps: { db: Database; clock: Clock; handlers: AdminChangeHandlers },
  actor: Actor,
  id: string,
): Promise<void> {
  await runInTransaction(deps.db, async (tx) => {
    const change = await lockDecidableChange(tx, actor, id);
    const handler = deps.handlers[change.kind as AdminChangeKind];
    await handler.apply(
      tx,
      { approver: actor, requestedBy: change.requestedBy, now: deps.clock.now() },
      change.payload,
    );
    await decideAdminChange(tx, {
      id,
      status: 'approved',
      decidedBy: actor.user.id,
      decidedAt: deps.clock.now(),
    });
    await recordAudit(tx, actor, {
      action: 'change.approve',
      targetType: 'admin_change',
      targetId: id,
      before: { status: 'pending' },
      after: { status: 'approved', kind: change.kind, subject: change.subject },
    });
  });
}

export async function rejectAdminChange(
  deps: { db: Database; clock: Clock },
  actor: Actor,
  id: string,
): Promise<void> {
  await runInTransaction(deps.db, async (tx) => {
    const change = await lockDecidableChange(tx, actor, id);
    await decideAdminChange(tx, {
      id,
      status: 'rejected',
      decidedBy: actor.user.id,
      decidedAt: deps.clock.now(),
    });
    await recordAudit(tx, actor, {
      action: 'change.reject',
      targetType: 'admin_change',
      targetId: id,
      before: { status: 'pending' },
      after: { status: 'rejected', kind: change.kind, subject: change.subject },
    });
  });
}
