import {
  approveAdminChangeRoute,
  MESSAGES,
  pendingAdminChangesRoute,
  rejectAdminChangeRoute,
} from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import { ADMIN_CHANGE_HANDLERS } from './admin-change-handlers.ts';
import { approveAdminChange, getPendingAdminChanges, rejectAdminChange } from './admin-changes.service.ts';

export async function adminChangeRoutes(app: FastifyInstance): Promise<void> {
  route(app, pendingAdminChangesRoute, async ({ actor }) => ({
    data: await getPendingAdminChanges(
      { db: app.db, clock: app.clock, config: app.config, handlers: ADMIN_CHANGE_HANDLERS },
      actor,
    ),
  }));

  route(
    app,
    approveAdminChangeRoute,
    async ({ actor, params }) => {
      const outcome = await approveAdminChange(
        { db: app.db, clock: app.clock, config: app.config, handlers: ADMIN_CHANGE_HANDLERS },
        actor,
        params.id,
      );
      return { message: outcome.status === 'applied' ? MESSAGES.adminChangeApproved : outcome.message };
    },
    { onRequest: [throttle(app, 'write')] },
  );

  route(
    app,
    rejectAdminChangeRoute,
    async ({ actor, params }) => {
      await rejectAdminChange({ db: app.db, clock: app.clock, config: app.config }, actor, params.id);
      return { message: MESSAGES.adminChangeRejected };
    },
    { onRequest: [throttle(app, 'write')] },
  );
}
