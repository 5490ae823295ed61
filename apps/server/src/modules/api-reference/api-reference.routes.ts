import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { apiReferenceRoute, openApiDocumentRoute } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { HOUR_MS } from '../../lib/time.ts';
import { route } from '../http/route.ts';
import { openApiDocument } from './openapi.ts';

const ASSETS_PREFIX = '/api/docs/assets/';
const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** Scripts run only from files (the content security policy allows no inline script). */
const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vestora API reference</title>
<link rel="stylesheet" href="${ASSETS_PREFIX}swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="${ASSETS_PREFIX}swagger-ui-bundle.js"></script>
<script src="${ASSETS_PREFIX}start.js"></script>
</body>
</html>
`;

const START_SCRIPT = `window.SwaggerUIBundle({ url: '${openApiDocumentRoute.path}', dom_id: '#reference', deepLinking: true });\n`;

/**
 * The OpenAPI document and a reference page read from it. The page's files come from the
 * swagger-ui-dist package (no CDN); they are static files, not routes of the API.
 */
export async function apiReferenceRoutes(app: FastifyInstance): Promise<void> {
  let document: ReturnType<typeof openApiDocument> | undefined;
  // Built on first request: by then every route has registered its contract.
  route(app, openApiDocumentRoute, async () => {
    document ??= openApiDocument(app.contracts, {
      title: 'Vestora',
      idempotencyHours: app.config.retention.idempotencyKeysMs / HOUR_MS,
    });
    return document;
  });
  route(app, apiReferenceRoute, async ({ reply }) => {
    reply.type('text/html');
    return REFERENCE_PAGE;
  });
  app.get(`${ASSETS_PREFIX}start.js`, async (_request, reply) =>
    reply.type('text/javascript').header('cache-control', 'no-cache').send(START_SCRIPT),
  );
  await app.register(fastifyStatic, {
    root: swaggerUiDir,
    prefix: ASSETS_PREFIX,
    decorateReply: false,
    allowedPath: (pathName) => /^\/swagger-ui(-bundle\.js|\.css)$/.test(pathName),
  });
}
