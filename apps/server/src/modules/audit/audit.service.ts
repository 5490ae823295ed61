import type { AuditEntry } from '@vestora/shared';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../sessions/actor.ts';
import { insertAuditEntry, listAuditRows } from './audit.repo.ts';

export interface AuditedAct {
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
}

/** Records an administrator's act inside the transaction that performs it: both happen or neither. */
export async function recordAudit(tx: Executor, actor: Actor, act: AuditedAct): Promise<void> {
  await insertAuditEntry(tx, {
    actorId: actor.user.id,
    action: act.action,
    targetType: act.targetType,
    targetId: act.targetId,
    before: act.before ?? null,
    after: act.after ?? null,
  });
}

export async function getAuditLog(
  db: Executor,
  filter: { page: number; pageSize: number; action?: string; targetType?: string; targetId?: string },
) {
  const { rows, total } = await listAuditRows(db, filter);
  const data: AuditEntry[] = rows.map(({ entry, actorName }) => ({
    _id: entry.id,
    actorId: entry.actorId,
    actorName,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before,
    after: entry.after,
    createdAt: entry.createdAt.toISOString(),
  }));
  return { data, total, page: filter.page, pageSize: filter.pageSize };
}
