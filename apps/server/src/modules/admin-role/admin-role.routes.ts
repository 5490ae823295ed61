import { MESSAGES, setAdministratorRoleRoute } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { throttle } from '../../lib/throttle.ts';
import { setAdministratorRole } from './admin-role.service.ts';

export async function adminRoleRoutes(app: FastifyInstance): Promise<void> {
  route(
    app,
    setAdministratorRoleRoute,
    async ({ actor, params, body, request }) => {
      const deps = { db: app.db, config: app.config, clock: app.clock, mailer: app.mailer, log: request.log };
      const data = await setAdministratorRole(deps, actor, params.id, body);
      return {
        data,
        message: body.isAdmin ? MESSAGES.administratorRoleGranted : MESSAGES.administratorRoleRevoked,
      };
    },
    { onRequest: [throttle(app, 'write')] },
  );
}
