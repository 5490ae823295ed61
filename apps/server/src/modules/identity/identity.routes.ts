import {
  approveVerificationRoute,
  IDENTITY_MESSAGES,
  identityDocumentRoute,
  identityQueueRoute,
  identityReviewRoute,
  rejectVerificationRoute,
  submitVerificationRoute,
  uploadIdentityImageRoute,
  verificationStateRoute,
} from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import {
  approveVerification,
  getIdentityReview,
  getVerificationState,
  listIdentityQueue,
  rejectVerification,
  submitVerification,
  uploadIdentityImage,
  viewIdentityDocument,
} from './identity.service.ts';

export async function identityRoutes(app: FastifyInstance): Promise<void> {
  const deps = { db: app.db, clock: app.clock, config: app.config, documentKey: app.documentKey };

  route(app, verificationStateRoute, async ({ actor }) => ({
    data: await getVerificationState(app.db, actor.user),
  }));

  route(
    app,
    uploadIdentityImageRoute,
    async ({ actor, body, file }) => ({
      data: await uploadIdentityImage(deps, actor, { side: body.side, image: file }),
    }),
    { onRequest: [throttle(app, 'write')] },
  );

  route(
    app,
    submitVerificationRoute,
    async ({ tx, actor, body }) => ({
      data: await submitVerification(tx, deps, actor, body),
      message: IDENTITY_MESSAGES.submitted,
    }),
    { onRequest: [throttle(app, 'write')] },
  );

  route(app, identityQueueRoute, async ({ query }) => listIdentityQueue(app.db, query));

  route(app, identityReviewRoute, async ({ actor, params }) => ({
    data: await getIdentityReview(deps, actor, params.id),
  }));

  route(app, approveVerificationRoute, async ({ actor, params }) => ({
    data: await approveVerification(deps, actor, params.id),
    message: IDENTITY_MESSAGES.approved,
  }));

  route(app, rejectVerificationRoute, async ({ actor, params, body }) => ({
    data: await rejectVerification(deps, actor, params.id, body),
    message: IDENTITY_MESSAGES.rejected,
  }));

  route(app, identityDocumentRoute, async ({ params, query, reply }) => {
    const document = await viewIdentityDocument(deps, params.id, query);
    reply
      .type(document.mimeType)
      // Never a page: no script runs, whatever the bytes claim to be; never kept by a cache.
      .header(
        'content-security-policy',
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      )
      .header('content-disposition', `inline; filename="${document.fileName}"`)
      .header('cache-control', 'private, no-store');
    return document.content;
  });
}
