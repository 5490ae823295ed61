import {
  adminEndUserSessionsRoute,
  adminUserAddressesRoute,
  adminUserSecurityEventsRoute,
  adminUserSessionsRoute,
  endOtherSessionsRoute,
  endUserSessionRoute,
  MESSAGES,
  userSessionsRoute,
} from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import {
  endOtherSessions,
  endOwnSession,
  endUserSessionsByAdmin,
  getSecurityEvents,
  getUserAddressBook,
  listOwnSessions,
  listUserSessions,
} from './sessions.service.ts';

export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  route(app, userSessionsRoute, async ({ actor }) => ({ data: await listOwnSessions(app.db, actor) }));

  route(app, endUserSessionRoute, async ({ actor, params }) => {
    await endOwnSession(app.db, actor, params.id);
    return { message: MESSAGES.sessionSignedOut };
  });

  route(app, endOtherSessionsRoute, async ({ actor }) => {
    await endOtherSessions(app.db, actor);
    return { message: MESSAGES.otherSessionsEnded };
  });

  route(app, adminUserSessionsRoute, async ({ actor, params }) => ({
    data: await listUserSessions(app.db, actor, params.id),
  }));

  route(app, adminEndUserSessionsRoute, async ({ actor, params }) => {
    await endUserSessionsByAdmin({ db: app.db }, actor, params.id);
    return { message: MESSAGES.userSessionsEnded };
  });

  route(app, adminUserAddressesRoute, ({ params }) => getUserAddressBook(app, params.id));

  route(app, adminUserSecurityEventsRoute, async ({ params }) => ({
    data: await getSecurityEvents(app.db, params.id),
  }));
}
