import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/env.ts';

/**
 * The app's pages run only our own scripts: no third-party code may ever share a page with the
 * session. Styles allow inline because the toast library injects its own <style> element.
 */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

const HSTS = 'max-age=31536000; includeSubDomains';

const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];
const CORS_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key'];
/** Files and identity images: opened by signed link or bearer token, so other origins may embed them. */
const FILE_PATHS = ['/api/files/', '/api/identity-documents/'];

/**
 * The market widgets' own pages (apps/web/public/market) load the charting provider's script. Their
 * policy sandboxes them itself, so they run at an opaque origin even when opened directly, outside
 * the app's sandboxed frame: the provider's script can never read the session in local storage.
 */
const MARKET_FRAME_PATH = '/market/';
const MARKET_FRAME_POLICY = [
  'sandbox allow-scripts allow-popups',
  "default-src 'none'",
  "script-src 'unsafe-inline' https://s3.tradingview.com",
  "style-src 'unsafe-inline'",
  'img-src data: https:',
  'connect-src https://*.tradingview.com',
  'frame-src https://*.tradingview.com https://www.tradingview-widget.com',
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * The app's scripts and stylesheets under /assets/ are never a document nor a worker (the service
 * worker is /sw.js), so a browser ignores the headers that only govern documents. Left out there,
 * they save about 450 bytes on each of the thirty-odd files of a first visit; the headers that do
 * govern a script or a stylesheet (nosniff, the resource and referrer policies) stay.
 */
const ASSET_PATH = /^\/assets\/[^/]+\.(?:js|css)$/;
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS means nothing over plain HTTP and would lock a self-hoster's LAN install out of it.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // The route's own path, not the raw URL, so no spelling of the address (/%6Darket/…) escapes it.
    if (request.routeOptions.url?.startsWith(MARKET_FRAME_PATH)) {
      reply.header('content-security-policy', MARKET_FRAME_POLICY);
    }
    if (ASSET_PATH.test(request.routeOptions.url ?? '')) {
      for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
    }
  });
  // Same-origin by default: the web app is served by this server. Other origins only when listed.
  if (config.corsOrigins.length > 0) {
    await app.register(fastifyCors, {
      origin: config.corsOrigins,
      credentials: false,
      // Every method and request header the API reads; the plugin's default (GET, HEAD, POST and
      // no headers named) blocks each PUT and DELETE, the bearer token and Idempotency-Key.
      methods: CORS_METHODS,
      allowedHeaders: CORS_HEADERS,
      maxAge: 600,
    });
    // A listed front end shows files by URL (<img src> of a gateway's QR code). Files are read by
    // bearer token or signed link, never by cookie, so letting other origins embed them exposes
    // nothing that the URL alone did not.
    app.addHook('onSend', async (request, reply) => {
      const url = request.routeOptions.url ?? '';
      if (FILE_PATHS.some((prefix) => url.startsWith(prefix))) {
        reply.header('cross-origin-resource-policy', 'cross-origin');
      }
    });
  }
}
