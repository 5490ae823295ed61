import {
  MESSAGES,
  myStaffRolesRoute,
  reauthenticateRoute,
  setAdministratorRoleRoute,
  setQuorumRoute,
  setStaffRolesRoute,
  staffRoute,
} from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import { toAdminUserRow } from '../users/users.mapper.ts';
import { loadUserRecord } from '../users/users.service.ts';
import {
  getStaff,
  reauthenticate,
  rolesHeldBy,
  setAdministratorRole,
  setQuorum,
  setStaffRoles,
} from './staff.service.ts';

export async function staffRoutes(app: FastifyInstance): Promise<void> {
  const writes = { onRequest: [throttle(app, 'write')] };

  route(app, staffRoute, async () => getStaff(app));

  route(app, myStaffRolesRoute, async ({ actor }) => ({
    data: { roles: await rolesHeldBy(app.db, actor.user.id) },
  }));

  route(
    app,
    setStaffRolesRoute,
    async ({ actor, params, body }) => {
      const { isPending } = await setStaffRoles(app, actor, params.id, body.roles);
      return { isPending, message: isPending ? MESSAGES.staffChangePending : MESSAGES.staffRolesSaved };
    },
    writes,
  );

  route(
    app,
    setAdministratorRoleRoute,
    async ({ actor, params, body }) => {
      const { isPending } = await setAdministratorRole(app, actor, params.id, body);
      const done = body.isAdmin ? MESSAGES.administratorRoleGranted : MESSAGES.administratorRoleRevoked;
      return {
        data: toAdminUserRow(await loadUserRecord(app.db, params.id), app.config.fileUrlBase),
        message: isPending ? MESSAGES.staffChangePending : done,
      };
    },
    writes,
  );

  route(
    app,
    setQuorumRoute,
    async ({ actor, body }) => {
      const { isPending } = await setQuorum(app, actor, body);
      return { isPending, message: isPending ? MESSAGES.policyChangePending : MESSAGES.policySaved };
    },
    writes,
  );

  route(
    app,
    reauthenticateRoute,
    async ({ actor, body }) => {
      await reauthenticate(app, actor, body);
      return { message: MESSAGES.staffReauthConfirmed };
    },
    writes,
  );
}
