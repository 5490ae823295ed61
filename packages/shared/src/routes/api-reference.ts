import type { RouteRef } from '../contract.ts';
import type * as apiReference from '../contracts/api-reference.ts';

export const apiReferenceRoute: RouteRef<typeof apiReference.apiReferenceRoute> = {
  method: 'GET',
  path: '/api/docs',
};
export const openApiDocumentRoute: RouteRef<typeof apiReference.openApiDocumentRoute> = {
  method: 'GET',
  path: '/api/openapi.json',
};
