import {
  addTicketMessageRoute,
  adminTicketsRoute,
  closeOwnTicketRoute,
  closeTicketRoute,
  MESSAGES,
  openTicketRoute,
  replyToTicketRoute,
  userTicketsRoute,
} from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import { addUserMessage, closeTicket, listTickets, openTicket, replyAsStaff } from './support.service.ts';

export async function supportRoutes(app: FastifyInstance): Promise<void> {
  const writes = { onRequest: [throttle(app, 'write')] };

  route(
    app,
    openTicketRoute,
    async ({ tx, actor, body }) => ({
      data: await openTicket(tx, { actor, maxOpen: app.config.caps.openTickets }, body),
      message: MESSAGES.supportMessageSent,
    }),
    writes,
  );

  route(app, userTicketsRoute, async ({ actor, query }) => ({
    ...(await listTickets(app.db, { userId: actor.user.id, ...query })),
    ...query,
  }));

  route(
    app,
    addTicketMessageRoute,
    async ({ actor, params, body }) => ({
      data: await addUserMessage(app.db, { actor, now: app.clock.now() }, params.id, body.message),
      message: MESSAGES.supportMessageSent,
    }),
    writes,
  );

  route(app, closeOwnTicketRoute, async ({ actor, params }) => ({
    data: await closeTicket(app.db, { actor, now: app.clock.now() }, params.id),
    message: MESSAGES.supportTicketClosedNow,
  }));

  route(app, adminTicketsRoute, async ({ query }) => ({
    ...(await listTickets(app.db, query)),
    page: query.page,
    pageSize: query.pageSize,
  }));

  route(app, replyToTicketRoute, async ({ actor, params, body }) => ({
    data: await replyAsStaff(app.db, { actor, now: app.clock.now() }, params.id, body.message),
    message: MESSAGES.supportReplySent,
  }));

  route(app, closeTicketRoute, async ({ actor, params }) => ({
    data: await closeTicket(app.db, { actor, now: app.clock.now() }, params.id),
    message: MESSAGES.supportTicketClosedNow,
  }));
}
