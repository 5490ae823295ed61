import { z } from 'zod';
import { AdminTicketsQuerySchema, SupportMessageRequestSchema, SupportTicketSchema } from '../account.ts';
import { defineRoute, idParams, pageOf } from '../contract.ts';
import { MESSAGES } from '../messages.ts';
import { PageQuerySchema } from '../user.ts';

const ticketId = idParams(MESSAGES.supportTicketNotFound);
const TicketResponseSchema = z.object({ data: SupportTicketSchema, message: z.string() });

export const openTicketRoute = defineRoute({
  method: 'POST',
  path: '/api/user/support',
  access: 'user',
  summary: 'Open a support ticket with its first message.',
  body: SupportMessageRequestSchema,
  response: TicketResponseSchema,
  status: 201,
  idempotent: true,
});

export const userTicketsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/support',
  access: 'user',
  summary: "The signed-in user's support tickets with their messages, newest first.",
  query: PageQuerySchema,
  response: pageOf(SupportTicketSchema),
});

export const addTicketMessageRoute = defineRoute({
  method: 'POST',
  path: '/api/user/support/:id/messages',
  access: 'user',
  summary: "Add a message to one's own ticket; it opens again.",
  params: ticketId,
  body: SupportMessageRequestSchema,
  response: TicketResponseSchema,
});

export const closeOwnTicketRoute = defineRoute({
  method: 'PUT',
  path: '/api/user/support/:id/close',
  access: 'user',
  summary: "Close one's own ticket.",
  params: ticketId,
  response: TicketResponseSchema,
});

export const adminTicketsRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/support',
  access: 'admin',
  permission: 'support.read',
  summary: 'Every support ticket with its messages, newest first, optionally by status.',
  query: AdminTicketsQuerySchema,
  response: pageOf(SupportTicketSchema),
});

export const replyToTicketRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/support/:id/reply',
  access: 'admin',
  permission: 'support.reply',
  summary: 'Answer a ticket as staff; the user is notified.',
  params: ticketId,
  body: SupportMessageRequestSchema,
  response: TicketResponseSchema,
});

export const closeTicketRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/support/:id/close',
  access: 'admin',
  permission: 'support.reply',
  summary: 'Close a ticket as staff.',
  params: ticketId,
  response: TicketResponseSchema,
});
