import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a receiver saw it: the Standard Webhooks headers and the body. */
export interface Received {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  contentType: string;
  userAgent: string;
  body: string;
}

/** How the receiver answers a request: a status (and body, headers), or never. */
export type Answer = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

export interface Receiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** A webhook endpoint on 127.0.0.1 that records every request and answers as `answer` says. */
export async function startReceiver(answer: (request: Received, index: number) => Answer): Promise<Receiver> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const header = (name: string) => String(request.headers[name] ?? '');
      const delivered: Received = {
        path: request.url ?? '',
        id: header('webhook-id'),
        timestamp: header('webhook-timestamp'),
        signature: header('webhook-signature'),
        contentType: header('content-type'),
        userAgent: header('user-agent'),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(delivered);
      const reply = answer(delivered, received.length - 1);
      if (reply === 'hang') return;
      response.writeHead(reply.status, reply.headers).end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The signatures of `webhook-signature` that `secret` made, by the algorithm of Standard Webhooks
 * written out: base64 HMAC-SHA256, keyed by the secret's base64 part, of `id.timestamp.body`.
 */
export function isSignedWith(secret: string, request: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${request.id}.${request.timestamp}.${request.body}`)
    .digest('base64');
  return request.signature.split(' ').includes(`v1,${expected}`);
}
