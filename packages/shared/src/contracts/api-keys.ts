import { z } from 'zod';
import { API_KEY_MESSAGES, ApiKeySchema, CreateApiKeyRequestSchema } from '../api-keys.ts';
import { defineRoute, idParams, MessageResponseSchema } from '../contract.ts';

/** Every staff member manages their own keys: the routes need no permission beyond being staff. */
export const apiKeysRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/api-keys',
  access: 'admin',
  permission: 'any',
  summary: "The signed-in staff member's API keys, newest first, with their last use.",
  response: z.object({ data: z.array(ApiKeySchema) }),
});

export const createApiKeyRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/api-keys',
  access: 'admin',
  permission: 'any',
  summary:
    'Create an API key holding some of your own permissions; its secret is in this answer only. Needs a fresh confirmation: the key outlives the session.',
  body: CreateApiKeyRequestSchema,
  response: z.object({ message: z.string(), data: ApiKeySchema, secret: z.string() }),
  status: 201,
  isReauthRequired: true,
});

export const revokeApiKeyRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/api-keys/:id/revoke',
  access: 'admin',
  permission: 'any',
  summary: 'Revoke one of your API keys: refused from the next request on, on every server process.',
  params: idParams(API_KEY_MESSAGES.notFound),
  response: MessageResponseSchema,
});
