import { AdminUsersQuerySchema, MESSAGES, TradeUserSchema } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseWith } from '../../lib/validation.ts';
import { actorOf, bearerToken, requireAdmin } from '../auth/auth.guard.ts';
import { deleteUser, getProfileByToken, listUsers, setSuspension, verifyUser } from './users.service.ts';

const IdParamsSchema = z.object({ id: z.string().max(100) });
/** Serialised by this schema (fast-json-stringify), the profile skips JSON.stringify's walk of an unknown object. */
const ProfileResponseJsonSchema = z.toJSONSchema(z.object({ data: TradeUserSchema }), { target: 'draft-7' });

export async function userRoutes(app: FastifyInstance): Promise<void> {
  // Authenticates inside the service, together with the read: see getProfileByToken.
  app.get(
    '/api/user/userprofile/:id',
    { schema: { response: { 200: ProfileResponseJsonSchema } } },
    async (request) => {
      const data = await getProfileByToken(
        app.db,
        app.config,
        bearerToken(request),
        () => parseWith(IdParamsSchema, request.params).id,
      );
      return { data };
    },
  );

  // Under the user prefix in the specification, but an administrator's list all the same.
  app.get('/api/user/getallusers', { onRequest: requireAdmin }, async (request) => {
    const query = parseWith(AdminUsersQuerySchema, request.query);
    const { users, total } = await listUsers(app.db, query);
    return { data: users, message: MESSAGES.usersFetched, page: query.page, pageSize: query.pageSize, total };
  });
}

/** Registered inside the admin scope, where every route is guarded by requireAdmin. */
export async function adminUserRoutes(app: FastifyInstance): Promise<void> {
  app.put('/verifyUser/:id', async (request) => {
    const { id } = parseWith(IdParamsSchema, request.params);
    return { data: await verifyUser(app.db, actorOf(request), id), message: MESSAGES.userVerified };
  });

  app.put('/suspendUser/:id', async (request) => {
    const { id } = parseWith(IdParamsSchema, request.params);
    return { data: await setSuspension(app.db, actorOf(request), id, true), message: MESSAGES.userSuspended };
  });

  app.put('/unsuspendUser/:id', async (request) => {
    const { id } = parseWith(IdParamsSchema, request.params);
    const data = await setSuspension(app.db, actorOf(request), id, false);
    return { data, message: MESSAGES.userUnsuspended };
  });

  app.delete('/deleteOneUser/:id', async (request) => {
    const { id } = parseWith(IdParamsSchema, request.params);
    return { data: await deleteUser(app.db, actorOf(request), id), message: MESSAGES.userDeleted };
  });
}
