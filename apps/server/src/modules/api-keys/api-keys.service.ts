import { randomBytes } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  type ApiKey,
  apiKeyPermissionNotHeldMessage,
  type CreateApiKeyRequestSchema,
  STAFF_PERMISSION_LABELS,
  STAFF_PERMISSIONS,
  type StaffPermission,
} from '@vestora/shared';
import type { z } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { runInTransaction } from '../../lib/transaction.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { hashSessionToken } from '../auth/tokens.ts';
import type { Actor } from '../sessions/actor.ts';
import { assertActingInPerson, permissionsHeldBy } from '../staff/quorum.service.ts';
import {
  type ApiKeyRow,
  findApiKeyOf,
  findApiKeyWithOwner,
  insertApiKey,
  listApiKeysOf,
  recordApiKeyCall,
  revokeApiKeyOf,
} from './api-keys.repo.ts';

/**
 * Staff API keys (issue 32): created by a staff member for their own tools, holding some of their
 * permissions, admitted on the admin API as their owner. The secret is random (32 bytes), so a fast
 * hash (SHA-256, as for session tokens) is what is stored: nothing slower is needed against guessing.
 */

export interface ApiKeyDeps {
  db: Database;
  config: Pick<AppConfig, 'requireAdmin2fa'>;
  clock: Clock;
}

const DAY_MS = 24 * 3_600_000;
/** `vst_` and six characters of the secret: enough to tell one's keys apart, nothing to guess from. */
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;

const hashApiKeySecret = hashSessionToken;

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    _id: row.id,
    name: row.name,
    prefix: row.tokenPrefix,
    permissions: row.permissions.filter(isStaffPermission),
    allowedRanges: row.allowedRanges,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** A permission the role table no longer has grants nothing. */
function isStaffPermission(value: string): value is StaffPermission {
  return (STAFF_PERMISSIONS as readonly string[]).includes(value);
}

export async function listApiKeys(deps: Pick<ApiKeyDeps, 'db'>, actor: Actor): Promise<ApiKey[]> {
  return (await listApiKeysOf(deps.db, { ownerId: actor.user.id })).map(toApiKey);
}

/**
 * Creates a key for the actor with permissions they hold now (403 naming the first they do not).
 * The secret is in the answer only; the row keeps its hash and first characters.
 */
export async function createApiKey(
  deps: ApiKeyDeps,
  actor: Actor,
  input: z.output<typeof CreateApiKeyRequestSchema>,
): Promise<{ key: ApiKey; secret: string }> {
  // The route's sudo check refuses a key already; a key minting keys would also escape its expiry.
  assertActingInPerson(actor);
  const held = await permissionsHeldBy(deps.db, actor.user.id);
  const notHeld = input.permissions.find((permission) => !held.has(permission));
  if (notHeld) {
    throw new AppError('FORBIDDEN', apiKeyPermissionNotHeldMessage(STAFF_PERMISSION_LABELS[notHeld]));
  }
  const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const row = await runInTransaction(deps.db, async (tx) => {
    const created = await insertApiKey(tx, {
      ownerId: actor.user.id,
      name: input.name,
      tokenPrefix: secret.slice(0, DISPLAY_PREFIX_LENGTH),
      tokenHash: hashApiKeySecret(secret),
      permissions: [...new Set(input.permissions)],
      allowedRanges: [...new Set(input.allowedRanges)],
      expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
      createdAt: now,
    });
    await recordAudit(tx, actor, {
      action: 'apiKey.create',
      targetType: 'apiKey',
      targetId: created.id,
      after: {
        name: created.name,
        prefix: created.tokenPrefix,
        permissions: created.permissions,
        allowedRanges: created.allowedRanges,
        expiresAt: created.expiresAt,
      },
    });
    return created;
  });
  return { key: toApiKey(row), secret };
}

/** Revokes one of the actor's keys: the next request with it is refused, on every process. */
export async function revokeApiKey(deps: Pick<ApiKeyDeps, 'db' | 'clock'>, actor: Actor, id: string) {
  await runInTransaction(deps.db, async (tx) => {
    const revoked = await revokeApiKeyOf(tx, { id, ownerId: actor.user.id, at: deps.clock.now() });
    if (!revoked) {
      // Another staff member's key is as unknown as a key that never was.
      const existing = await findApiKeyOf(tx, { id, ownerId: actor.user.id });
      throw existing
        ? new AppError('CONFLICT', API_KEY_MESSAGES.alreadyRevoked)
        : new AppError('NOT_FOUND', API_KEY_MESSAGES.notFound);
    }
    await recordAudit(tx, actor, {
      action: 'apiKey.revoke',
      targetType: 'apiKey',
      targetId: revoked.id,
      before: { name: revoked.name, prefix: revoked.tokenPrefix },
      after: { revokedAt: revoked.revokedAt },
    });
  });
}

/**
 * Admits a request made with a key as the key's owner: the key read afresh (one lookup by its hash,
 * no cache), unexpired and unrevoked, its owner still active staff, the caller inside its address
 * ranges. The permissions are the key's; the permission check intersects them with the owner's.
 */
export async function authenticateApiKey(deps: ApiKeyDeps, secret: string, ip: string): Promise<Actor> {
  const found = await findApiKeyWithOwner(deps.db, { tokenHash: hashApiKeySecret(secret) });
  if (!found) throw new AppError('UNAUTHENTICATED', API_KEY_MESSAGES.unknown);
  const { key, user } = found;
  if (key.revokedAt) throw new AppError('UNAUTHENTICATED', API_KEY_MESSAGES.revokedKey);
  if (key.expiresAt <= deps.clock.now()) throw new AppError('UNAUTHENTICATED', API_KEY_MESSAGES.expired);
  if (user.status !== 'active' || user.suspended || !user.isAdmin) {
    throw new AppError('UNAUTHENTICATED', API_KEY_MESSAGES.ownerInactive);
  }
  if (!isAddressInRanges(ip, key.allowedRanges)) {
    throw new AppError('FORBIDDEN', API_KEY_MESSAGES.addressNotAllowed);
  }
  return {
    user,
    sessionId: key.id,
    hasAdminPowers: !deps.config.requireAdmin2fa || user.totpEnabledAt !== null,
    apiKey: { id: key.id, name: key.name, permissions: key.permissions.filter(isStaffPermission) },
  };
}

/** Whether `ip` is inside one of `ranges` (addresses or CIDR ranges); no ranges accept any address. */
export function isAddressInRanges(ip: string, ranges: readonly string[]): boolean {
  if (ranges.length === 0) return true;
  const list = new BlockList();
  for (const range of ranges) {
    const [address = '', prefix] = range.split('/');
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  // An IPv4 caller on a dual-stack socket arrives as ::ffff:a.b.c.d.
  const mapped = ip.toLowerCase().startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIPv4(mapped)) return list.check(mapped, 'ipv4');
  return isIPv6(ip) && list.check(ip, 'ipv6');
}

/** Leaves the record of one call made with a key: reads included, with the answer's status. */
export async function recordApiKeyUse(
  deps: Pick<ApiKeyDeps, 'db' | 'clock'>,
  call: { apiKeyId: string; method: string; path: string; statusCode: number; ip: string },
): Promise<void> {
  await recordApiKeyCall(deps.db, { ...call, calledAt: deps.clock.now() });
}

/** Reads and writes of this module that other modules call: its repository stays private to it. */
export { deleteApiKeyCallsBefore } from './api-keys.repo.ts';
