import type { RouteRef } from '../contract.ts';
import type * as apiKeys from '../contracts/api-keys.ts';

export const apiKeysRoute: RouteRef<typeof apiKeys.apiKeysRoute> = {
  method: 'GET',
  path: '/api/admin/api-keys',
};

export const createApiKeyRoute: RouteRef<typeof apiKeys.createApiKeyRoute> = {
  method: 'POST',
  path: '/api/admin/api-keys',
};

export const revokeApiKeyRoute: RouteRef<typeof apiKeys.revokeApiKeyRoute> = {
  method: 'POST',
  path: '/api/admin/api-keys/:id/revoke',
};
