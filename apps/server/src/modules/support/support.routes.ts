import { MESSAGES, PageQuerySchema, SupportMessageRequestSchema } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { throttle } from '../../lib/throttle.ts';
import { parseWith } from '../../lib/validation.ts';
import { actorOf, requireUser } from '../auth/auth.guard.ts';
import { addUserMessage, closeTicket, listTickets, openTicket, replyAsStaff } from './support.service.ts';

const AdminTicketsQuerySchema = PageQuerySchema.extend({
  status: z.enum(['open', 'answered', 'closed'], { message: 'Unknown ticket status.' }).optional(),
});

export async function supportRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/user/support',
    { onRequest: [requireUser, throttle(app, 'write')] },
    async (request, reply) => {
      const input = parseWith(SupportMessageRequestSchema, request.body);
      const ticket = await openTicket(
        { db: app.db, maxOpen: app.config.caps.openTickets },
        actorOf(request),
        input,
      );
      return reply.code(201).send({ data: ticket, message: MESSAGES.supportMessageSent });
    },
  );

  app.get('/api/user/support', { onRequest: requireUser }, async (request) => {
    const query = parseWith(PageQuerySchema, request.query);
    return { ...(await listTickets(app.db, { userId: actorOf(request).user.id, ...query })), ...query };
  });

  app.post<{ Params: { id: string } }>(
    '/api/user/support/:id/messages',
    { onRequest: [requireUser, throttle(app, 'write')] },
    async (request) => {
      const { message } = parseWith(SupportMessageRequestSchema, request.body);
      const ticket = await addUserMessage(app.db, actorOf(request), request.params.id, message);
      return { data: ticket, message: MESSAGES.supportMessageSent };
    },
  );

  app.put<{ Params: { id: string } }>(
    '/api/user/support/:id/close',
    { onRequest: requireUser },
    async (request) => {
      return {
        data: await closeTicket(app.db, actorOf(request), request.params.id),
        message: MESSAGES.supportTicketClosedNow,
      };
    },
  );
}

/** Inside the admin scope. */
export async function adminSupportRoutes(app: FastifyInstance): Promise<void> {
  app.get('/support', async (request) => {
    const query = parseWith(AdminTicketsQuerySchema, request.query);
    return { ...(await listTickets(app.db, query)), page: query.page, pageSize: query.pageSize };
  });

  app.post<{ Params: { id: string } }>('/support/:id/reply', async (request) => {
    const { message } = parseWith(SupportMessageRequestSchema, request.body);
    const ticket = await replyAsStaff(app.db, actorOf(request), request.params.id, message);
    return { data: ticket, message: MESSAGES.supportReplySent };
  });

  app.put<{ Params: { id: string } }>('/support/:id/close', async (request) => {
    return {
      data: await closeTicket(app.db, actorOf(request), request.params.id),
      message: MESSAGES.supportTicketClosedNow,
    };
  });
}
