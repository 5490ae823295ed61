import { z } from 'zod';
import { defineRoute, idParams, MessageResponseSchema } from '../contract.ts';
import { GatewayRequestSchema, GatewaySchema, PendingGatewaySchema } from '../gateways.ts';
import { MESSAGES } from '../messages.ts';
import { COINS } from '../transaction-kinds.ts';

export const coinGatewaysRoute = defineRoute({
  method: 'GET',
  path: '/api/user/getPostByName/:mode',
  access: 'user',
  summary: 'The addresses a deposit of one coin is paid to, newest first.',
  params: z.object({ mode: z.enum(COINS, { message: MESSAGES.noGatewayForCoin }) }),
  response: z.object({ data: z.array(GatewaySchema) }),
});

export const adminGatewaysRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/getPost',
  access: 'admin',
  permission: 'config.read',
  summary: 'Every active gateway.',
  response: z.object({ data: z.array(GatewaySchema) }),
});

export const addGatewayRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/postWay',
  access: 'admin',
  permission: 'config.manage',
  summary:
    'Add a wallet address for a coin, with its QR image (generated from the address when none is sent; an uploaded one must read as the address). With more than one administrator, the address waits for another one to approve it.',
  form: { fields: GatewayRequestSchema, file: 'image' },
  response: z.object({ data: z.union([GatewaySchema, PendingGatewaySchema]), message: z.string() }),
  status: 201,
  idempotent: true,
  isReauthRequired: true,
});

export const deleteGatewayRoute = defineRoute({
  method: 'DELETE',
  path: '/api/admin/deletePost/:id',
  access: 'admin',
  permission: 'config.manage',
  summary: 'Retire a gateway; deposits already made keep the address they were shown.',
  params: idParams(MESSAGES.gatewayNotFound),
  response: MessageResponseSchema,
});
