import { MESSAGES, setAdministratorRoleRoute } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import { setAdministratorRole } from './admin-role.service.ts';

export async function adminRoleRoutes(app: FastifyInstance): Promise<void> {
  route(
    app,
    setAdministratorRoleRoute,
    async ({ actor, params, body }) => {
      const data = await setAdministratorRole(app, actor, params.id, body);
      return {
        data,
        message: body.isAdmin ? MESSAGES.administratorRoleGranted : MESSAGES.administratorRoleRevoked,
      };
    },
    { onRequest: [throttle(app, 'write')] },
  );
}
