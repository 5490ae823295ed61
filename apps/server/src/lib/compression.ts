import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** API answers below this size go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * API answers of 1 KiB or more go out Brotli- or gzip-compressed to a client that accepts it. The
 * web app's files are compressed once, at build time, and served as they are (registerWebApp), so
 * only routes under /api/ take part. Request bodies are never decompressed: the body limit counts
 * the bytes a client sends.
 */
export async function registerApiCompression(app: FastifyInstance): Promise<void> {
  // onRoute hooks run in the order they were added, so this one decides before the plugin's own.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) route.compress = false;
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    globalDecompression: false,
  });
}
