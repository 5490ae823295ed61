import {
  MESSAGES,
  permissionMissingMessage,
  STAFF_PERMISSION_LABELS,
  type StaffPermission,
} from '@vestora/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { Actor } from '../sessions/actor.ts';
import { authenticate } from '../sessions/live-sessions.service.ts';
import { permissionsHeldBy } from '../staff/quorum.service.ts';

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

/** onRequest hook for every admin route: the role is checked on the server, every time. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (!request.actor?.user.isAdmin) throw new AppError('FORBIDDEN', MESSAGES.adminOnly);
  if (!request.actor.hasAdminPowers) throw new AppError('FORBIDDEN', MESSAGES.twoFactorRequiredForAdmins);
}

/** onRequest hook of an admin route after `requireAdmin`: the staff member's roles must allow it. */
export function requirePermission(permission: StaffPermission) {
  return async (request: FastifyRequest): Promise<void> => {
    const actor = actorOf(request);
    if (!(await permissionsHeldBy(request.server.db, actor.user.id)).has(permission)) {
      throw new AppError('FORBIDDEN', permissionMissingMessage(STAFF_PERMISSION_LABELS[permission]));
    }
  };
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', MESSAGES.signInRequired);
  return request.actor;
}
