import {
  allUsersRoute,
  deleteUserRoute,
  MESSAGES,
  suspendUserRoute,
  unsuspendUserRoute,
  userProfileRoute,
  verifyUserRoute,
} from '@vestora/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../auth/auth.guard.ts';
import { route } from '../http/route.ts';
import type { UserWithFigures } from './users.repo.ts';
import {
  authenticateWithRecord,
  deleteUser,
  getProfile,
  listUsers,
  setSuspension,
  verifyUser,
} from './users.service.ts';

/** The caller's own record, read together with their session by the profile route's access check. */
const ownRecords = new WeakMap<FastifyRequest, UserWithFigures>();

async function authenticateWithOwnRecord(request: FastifyRequest): Promise<void> {
  const { db, config } = request.server;
  const record = await authenticateWithRecord(db, bearerToken(request), config);
  request.actor = record;
  ownRecords.set(request, record);
}

export async function userRoutes(app: FastifyInstance): Promise<void> {
  route(
    app,
    userProfileRoute,
    async ({ actor, params, request }) => ({
      data: await getProfile(app, actor, params.id, ownRecords.get(request)),
    }),
    { accessCheck: authenticateWithOwnRecord },
  );

  route(app, allUsersRoute, async ({ query }) => {
    const { users, total } = await listUsers(app, query);
    return { data: users, message: MESSAGES.usersFetched, page: query.page, pageSize: query.pageSize, total };
  });

  route(app, verifyUserRoute, async ({ actor, params }) => ({
    data: await verifyUser(app, actor, params.id),
    message: MESSAGES.userVerified,
  }));

  route(app, suspendUserRoute, async ({ actor, params }) => {
    const { data, isPending } = await setSuspension(app, actor, params.id, true);
    return { data, message: isPending ? MESSAGES.staffChangePending : MESSAGES.userSuspended };
  });

  route(app, unsuspendUserRoute, async ({ actor, params }) => ({
    data: (await setSuspension(app, actor, params.id, false)).data,
    message: MESSAGES.userUnsuspended,
  }));

  route(app, deleteUserRoute, async ({ actor, params }) => {
    const { data, isPending } = await deleteUser(app, actor, params.id);
    return { data, message: isPending ? MESSAGES.staffChangePending : MESSAGES.userDeleted };
  });
}
