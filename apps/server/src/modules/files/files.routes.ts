import { fileRoute } from '@vestora/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../http/route.ts';
import { authenticate } from '../sessions/live-sessions.service.ts';
import { openFile } from './files.service.ts';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};

/** A bearer token when one is sent; files opened in a new tab come without one. */
async function optionalActor(request: FastifyRequest) {
  const header = request.headers.authorization;
  if (!header?.toLowerCase().startsWith('bearer ')) return null;
  return authenticate(request.server.db, header.slice(7).trim(), request.server.config);
}

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  route(app, fileRoute, async ({ params, query, request, reply }) => {
    const { file, content, isPublic } = await openFile({ db: app.db, clock: app.clock }, params.id, {
      actor: await optionalActor(request),
      ...query,
    });
    const extension = EXTENSIONS[file.mimeType] ?? 'bin';
    reply
      .type(file.mimeType)
      // Never a page: no script runs, whatever the bytes claim to be.
      .header(
        'content-security-policy',
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      )
      .header('content-disposition', `inline; filename="${file.id}.${extension}"`)
      .header('cache-control', isPublic ? 'public, max-age=300' : 'private, no-store');
    return content;
  });
}
