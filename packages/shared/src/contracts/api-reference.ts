import { z } from 'zod';
import { defineRoute } from '../contract.ts';

export const openApiDocumentRoute = defineRoute({
  method: 'GET',
  path: '/api/openapi.json',
  access: 'public',
  summary: 'This API described in OpenAPI 3.1, generated from the same contracts the server runs.',
  response: z.record(z.string(), z.unknown()),
  produces: 'application/json',
});

export const apiReferenceRoute = defineRoute({
  method: 'GET',
  path: '/api/docs',
  access: 'public',
  summary: 'A readable reference of this API.',
  response: z.string(),
  produces: 'text/html',
});
