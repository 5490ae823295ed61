import {
  isApiKeyToken,
  MESSAGES,
  permissionMissingMessage,
  STAFF_PERMISSION_LABELS,
  type StaffPermission,
} from '@vestora/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { throttleApiKey } from '../../lib/throttle.ts';
import { authenticateApiKey } from '../api-keys/api-keys.service.ts';
import type { Actor } from '../sessions/actor.ts';
import { authenticate } from '../sessions/live-sessions.service.ts';
import { permissionsOfActor } from '../staff/quorum.service.ts';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** onRequest hook: runs before the body is read, so anonymous callers cannot make us parse anything. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  request.actor = await authenticate(request.server.db, bearerToken(request), request.server.config);
}

/**
 * onRequest hook for every admin route: the role is checked on the server, every time. A staff API
 * key (`vst_…`) is admitted here only: it acts for its owner on the admin API, within its own rate limit.
 */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  if (token && isApiKeyToken(token)) {
    const { db, config, clock } = request.server;
    request.actor = await authenticateApiKey({ db, config, clock }, token, request.ip);
    await throttleApiKey(request, reply);
  } else {
    await requireUser(request);
  }
  if (!request.actor?.user.isAdmin) throw new AppError('FORBIDDEN', MESSAGES.adminOnly);
  if (!request.actor.hasAdminPowers) throw new AppError('FORBIDDEN', MESSAGES.twoFactorRequiredForAdmins);
}

/** onRequest hook of an admin route after `requireAdmin`: the staff member's roles must allow it. */
export function requirePermission(permission: StaffPermission) {
  return async (request: FastifyRequest): Promise<void> => {
    const actor = actorOf(request);
    if (!(await permissionsOfActor(request.server.db, actor)).has(permission)) {
      throw new AppError('FORBIDDEN', permissionMissingMessage(STAFF_PERMISSION_LABELS[permission]));
    }
  };
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', MESSAGES.signInRequired);
  return request.actor;
}
