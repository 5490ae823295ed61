import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config/env.ts';
import type { Database } from './db/client.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { registerApiCompression } from './lib/compression.ts';
import { AppError } from './lib/errors.ts';
import { LOG_REDACT, LOG_SERIALIZERS } from './lib/logging.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { registerSecurityHeaders } from './lib/security.ts';
import { registerThrottles } from './lib/throttle.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { accountClosureRoutes } from './modules/account-closure/account-closure.routes.ts';
import { adjustmentRoutes } from './modules/adjustments/adjustments.routes.ts';
import { adminChangeRoutes } from './modules/admin-changes/admin-changes.routes.ts';

import { apiKeyRoutes, registerApiKeyCallRecord } from './modules/api-keys/api-keys.routes.ts';
import { apiReferenceRoutes } from './modules/api-reference/api-reference.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { chainRoutes } from './modules/chain/chain.routes.ts';
import { depositRoutes } from './modules/deposits/deposits.routes.ts';
import { emailConfirmationRoutes } from './modules/email-confirmation/email-confirmation.routes.ts';
import { fileRoutes } from './modules/files/files.routes.ts';
import { gatewayRoutes } from './modules/gateways/gateways.routes.ts';
import { historyRoutes } from './modules/history/history.routes.ts';
import { loadDocumentKey } from './modules/identity/document-sealing.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import { investmentRoutes } from './modules/investments/investments.routes.ts';
import { ledgerRoutes } from './modules/ledger/ledger.routes.ts';
import { liabilityRoutes } from './modules/liabilities/liabilities.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { registerMailDelivery } from './modules/mail/mail-delivery.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { healthRoutes } from './modules/operations/health.routes.ts';
import { registerMetrics } from './modules/operations/metrics.ts';
import { passkeyRoutes } from './modules/passkeys/passkeys.routes.ts';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes.ts';
import { planRoutes } from './modules/plans/plans.routes.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { registerPushSender } from './modules/push/push-sender.ts';
import { rateRoutes } from './modules/rates/rates.routes.ts';
import { sessionRoutes } from './modules/sessions/sessions.routes.ts';
import { siteRoutes } from './modules/settings/settings.routes.ts';
import { setupRoutes } from './modules/setup/setup.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { statementRoutes } from './modules/statement/statement.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { registerWebhookSender } from './modules/webhooks/webhook-sender.ts';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.ts';
import { withdrawalAddressRoutes } from './modules/withdrawal-addresses/withdrawal-addresses.routes.ts';
import { withdrawalRoutes } from './modules/withdrawals/withdrawals.routes.ts';

export interface BuildAppOptions {
  config: AppConfig;
  db: Database;
  logger?: boolean;
  /** Plan terms and payouts read the time here; tests pass a clock they can move. */
  clock?: Clock;
  /** Where e-mails go; by default SMTP_URL, or the outbox folder. */
  mailer?: Mailer;
  /** Lets tests see every route as it is registered (the admin-guard walk). */
  onRoute?: (route: RouteOptions) => void;
  /** Where log lines go instead of standard output; tests read them. */
  logStream?: DestinationStream;
}

const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length is wrong.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
  FST_PARTS_LIMIT: 'The form has too many parts.',
  FST_FILES_LIMIT: 'Send one file at most.',
  FST_FIELDS_LIMIT: 'The form has too many fields.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not a multipart form.',
};

export async function buildApp({
  config,
  db,
  logger = true,
  clock = systemClock,
  mailer,
  onRoute,
  logStream,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          serializers: LOG_SERIALIZERS,
          redact: LOG_REDACT,
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    bodyLimit: config.bodyLimitBytes,
    // A hop count trusts that many proxies nearest the server: Fastify's own rule, written out
    // because its types leave the number form out.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustNearestHops(config.trustProxy) : config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    // Node checks request deadlines only every `connectionsCheckingInterval`: a slow sender is
    // dropped within the timeout plus a second, not thirty seconds later.
    serverFactory: (handler) =>
      http.createServer(
        {
          requestTimeout: config.requestTimeoutMs,
          headersTimeout: Math.min(config.requestTimeoutMs, 60_000),
          connectionsCheckingInterval: 1000,
        },
        handler,
      ),
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('clock', clock);
  app.decorate('documentKey', await loadDocumentKey(config));
  app.decorate(
    'mailer',
    mailer ??
      createMailer(
        { smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') },
        (line) => app.log.info(line),
      ),
  );
  registerMailDelivery(app);
  registerWebhookSender(app);
  registerPushSender(app);
  app.decorate('contracts', []);
  app.decorateRequest('actor', null);
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    void parseJson(request, String(body), done);
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.status)
        .send({ ...error.details, message: error.message, error: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = CLIENT_ERROR_MESSAGES[error.code] ?? error.message;
      return reply.code(status).send({ message, error: message });
    }
    request.log.error({ err: error }, 'unhandled error');
    const message = 'Something went wrong on our side. Please try again.';
    return reply.code(500).send({ message, error: message });
  });

  await registerSecurityHeaders(app, config);
  await registerThrottles(app, config);
  // Before every route, so its hooks count them all.
  registerMetrics(app, config.metricsToken);
  registerApiKeyCallRecord(app);
  await app.register(healthRoutes);
  await registerApiCompression(app);
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 20, fieldSize: 10_000, parts: 25 },
  });
  for (const routes of [
    authRoutes,
    userRoutes,
    depositRoutes,
    withdrawalRoutes,
    chainRoutes,
    withdrawalAddressRoutes,
    staffRoutes,
    historyRoutes,
    planRoutes,
    investmentRoutes,
    accountRoutes,
    accountClosureRoutes,
    statementRoutes,
    supportRoutes,
    notificationRoutes,
    twoFactorRoutes,
    passkeyRoutes,
    sessionRoutes,
    gatewayRoutes,
    fileRoutes,
    siteRoutes,
    passwordResetRoutes,
    emailConfirmationRoutes,
    auditRoutes,
    liabilityRoutes,
    adjustmentRoutes,
    ledgerRoutes,
    apiReferenceRoutes,
    setupRoutes,
    rateRoutes,
    adminChangeRoutes,
    mailRoutes,
    identityRoutes,
    webhookRoutes,
    apiKeyRoutes,
    pushRoutes,
  ]) {
    await app.register(routes);
  }

  await registerWebApp(app, config.webDistDir);
  return app;
}

function trustNearestHops(count: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < count;
}

/** Where the build leaves the pages it prerendered: `<name>.html` for /<name>, `index.html` for /. */
const PRERENDERED_DIR = 'pages';

/**
 * Serves the built single-page app; client-side routes fall back to index.html, unknown API paths
 * get 404. The pages the build prerendered (landing, legal texts, sign-in) are sent as their own
 * HTML for exactly their paths, and only there. The build leaves a Brotli and a gzip copy beside
 * every text file, sent to a browser that accepts one. Vite names what it emits under /assets/ by
 * its content, so those files never change and are cached for a year; every other file (the pages
 * first of all) is revalidated each time, so a new release is seen at once.
 */
async function registerWebApp(app: FastifyInstance, webDistDir: string | undefined): Promise<void> {
  const hasWebApp = webDistDir !== undefined && existsSync(path.join(webDistDir, 'index.html'));
  if (hasWebApp) {
    const assetsDir = path.join(webDistDir, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // A prerendered page has one address, its own path: the file's own route does not serve it.
      allowedPath: (_filePath, _root, request) =>
        !request?.routeOptions.url?.startsWith(`/${PRERENDERED_DIR}/`),
      setHeaders: (response, filePath) => {
        response.setHeader('vary', 'Accept-Encoding');
        response.setHeader(
          'cache-control',
          filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    const prerenderedDir = path.join(webDistDir, PRERENDERED_DIR);
    const prerendered = existsSync(prerenderedDir)
      ? readdirSync(prerenderedDir).filter((file) => file.endsWith('.html'))
      : [];
    for (const file of prerendered) {
      const name = path.basename(file, '.html');
      app.get(name === 'index' ? '/' : `/${name}`, (_request, reply) =>
        reply.type('text/html').sendFile(`${PRERENDERED_DIR}/${file}`),
      );
    }
  }
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (hasWebApp && isPageRequest) return reply.type('text/html').sendFile('index.html');
    const message = 'Not found.';
    return reply.code(404).send({ message, error: message });
  });
}
