import type { RouteRef } from '../contract.ts';
import type * as support from '../contracts/support.ts';

export const addTicketMessageRoute: RouteRef<typeof support.addTicketMessageRoute> = {
  method: 'POST',
  path: '/api/user/support/:id/messages',
};
export const adminTicketsRoute: RouteRef<typeof support.adminTicketsRoute> = {
  method: 'GET',
  path: '/api/admin/support',
};
export const closeOwnTicketRoute: RouteRef<typeof support.closeOwnTicketRoute> = {
  method: 'PUT',
  path: '/api/user/support/:id/close',
};
export const closeTicketRoute: RouteRef<typeof support.closeTicketRoute> = {
  method: 'PUT',
  path: '/api/admin/support/:id/close',
};
export const openTicketRoute: RouteRef<typeof support.openTicketRoute> = {
  method: 'POST',
  path: '/api/user/support',
};
export const replyToTicketRoute: RouteRef<typeof support.replyToTicketRoute> = {
  method: 'POST',
  path: '/api/admin/support/:id/reply',
};
export const userTicketsRoute: RouteRef<typeof support.userTicketsRoute> = {
  method: 'GET',
  path: '/api/user/support',
};
