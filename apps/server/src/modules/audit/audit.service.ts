import { createHash } from 'node:crypto';
import type { AuditChainStatus, AuditEntry } from '@vestora/shared';
import type { Executor } from '../../db/client.ts';
import { canonicalJson, type JsonValue, toJsonValue } from '../../lib/canonical-json.ts';
import type { Actor } from '../sessions/actor.ts';
import {
  insertAuditEntry,
  listAuditChainPage,
  listAuditRows,
  lockAuditChain,
  readAuditHead,
} from './audit.repo.ts';

export interface AuditedAct {
  action: string;
  targetType: string;
  targetId: string;
  /** Any JSON (a quorum act names its proposer and every approver here); Dates become ISO text. */
  before?: unknown;
  after?: unknown;
}

/** What the first entry of the chain names as the one before it. */
export const GENESIS_HASH = '0'.repeat(64);

/** What an entry's hash covers: everything it says, and the hash of the entry before it. */
interface ChainedContent {
  seq: number;
  prevHash: string;
  actorId: string;
  action: string;
  targetType: string;
  targetId: string;
  before: JsonValue;
  after: JsonValue;
  createdAt: Date;
}

/**
 * SHA-256 (hex) of the entry's canonical JSON, under the column names. Migration 0025 computes the
 * same in SQL for the entries written before the chain: change one, change both.
 */
function hashAuditEntry(entry: ChainedContent): string {
  const content = canonicalJson({
    seq: entry.seq,
    prev_hash: entry.prevHash,
    actor_id: entry.actorId,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    before: entry.before,
    after: entry.after,
    created_at: entry.createdAt.toISOString(),
  });
  return createHash('sha256').update(content, 'utf8').digest('hex');
}

/**
 * Records an administrator's act inside the transaction that performs it: both happen or neither.
 * The entry joins the chain under the chain's lock, held to the end of that transaction, so audited
 * transactions commit their entries one at a time. Its time is the database's, as it always was
 * (the injected clock does not reach here), read to the millisecond so the stored time is the one
 * hashed.
 */
export async function recordAudit(tx: Executor, actor: Actor, act: AuditedAct): Promise<void> {
  await lockAuditChain(tx);
  const { head, nowMs } = await readAuditHead(tx);
  const entry: ChainedContent = {
    seq: (head?.seq ?? 0) + 1,
    prevHash: head?.hash ?? GENESIS_HASH,
    actorId: actor.user.id,
    action: act.action,
    targetType: act.targetType,
    targetId: act.targetId,
    // Hashed as jsonb gives them back, which is how verification reads them.
    before: toJsonValue(act.before),
    after: toJsonValue(withApiKeyOf(actor, act.after)),
    createdAt: new Date(nowMs),
  };
  await insertAuditEntry(tx, { ...entry, hash: hashAuditEntry(entry) });
}

/**
 * An act made with a staff API key names the key in what the entry says happened, so the key is
 * under the entry's hash like the rest of it: `{ …after, viaApiKey: { id, name } }`.
 */
function withApiKeyOf(actor: Actor, after: unknown): unknown {
  if (!actor.apiKey) return after;
  const viaApiKey = { id: actor.apiKey.id, name: actor.apiKey.name };
  if (after === undefined || after === null) return { viaApiKey };
  if (typeof after === 'object' && !Array.isArray(after) && !(after instanceof Date)) {
    return { ...after, viaApiKey };
  }
  return { value: after, viaApiKey };
}

/** Entries read per page while verifying: the walk holds one page in memory, not the log. */
const VERIFY_PAGE_SIZE = 1000;

/**
 * Walks the whole chain in order and recomputes every hash: each entry must follow the one before
 * it (seq one more, prev_hash its hash) and hash to what it stores. The first entry that does not
 * is named, with what broke. A removed entry shows at the entry after the gap; removing the newest
 * entries leaves a shorter chain that still holds, which only a head recorded elsewhere reveals
 * (hence the head in the answer).
 */
export async function verifyAuditChain(
  db: Executor,
  { pageSize = VERIFY_PAGE_SIZE }: { pageSize?: number } = {},
): Promise<AuditChainStatus> {
  let previous: { seq: number; hash: string } = { seq: 0, hash: GENESIS_HASH };
  let rows = 0;
  for (;;) {
    const page = await listAuditChainPage(db, { afterSeq: previous.seq, limit: pageSize });
    for (const row of page) {
      const reason = brokenLink(row, previous) ?? brokenContent(row);
      if (reason) return { ok: false, rows, firstBroken: { id: row.id, seq: row.seq, reason } };
      rows += 1;
      previous = { seq: row.seq, hash: row.hash };
    }
    if (page.length < pageSize) break;
  }
  return { ok: true, rows, head: rows > 0 ? previous : null };
}

function brokenLink(
  row: { seq: number; prevHash: string },
  previous: { seq: number; hash: string },
): string | null {
  if (row.seq !== previous.seq + 1) {
    return previous.seq === 0
      ? `deleted before it: the chain starts at entry #${row.seq}, not #1`
      : `deleted before it: entry #${previous.seq} is followed by #${row.seq}`;
  }
  if (row.prevHash !== previous.hash) {
    return 'the previous hash does not match: an entry before it was changed or replaced';
  }
  return null;
}

function brokenContent(row: Awaited<ReturnType<typeof listAuditChainPage>>[number]): string | null {
  const hash = hashAuditEntry({
    ...row,
    before: parseStoredJson(row.beforeJson),
    after: parseStoredJson(row.afterJson),
  });
  return hash === row.hash ? null : 'edited: its hash does not match its content';
}

function parseStoredJson(text: string | null): JsonValue {
  return text === null ? null : (JSON.parse(text) as JsonValue);
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

/** Reads of this module that other modules call: its repository stays private to it. */
export { listRecentActTimes } from './audit.repo.ts';
