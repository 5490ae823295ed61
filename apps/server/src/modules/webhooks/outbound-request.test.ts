import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_MESSAGES, webhookAddressRefusedMessage } from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_ANSWER_BYTES,
  OutboundRequestError,
  postToDestination,
  type Resolver,
  resolveDestination,
  restrictedAddressKind,
} from './outbound-request.ts';

describe('restrictedAddressKind', () => {
  it.each([
    ['127.0.0.1', 'a loopback'],
    ['127.255.0.9', 'a loopback'],
    ['10.1.2.3', 'a private'],
    ['172.16.0.1', 'a private'],
    ['172.31.255.255', 'a private'],
    ['192.168.1.1', 'a private'],
    ['169.254.169.254', 'a link-local'],
    ['100.64.0.1', 'a shared (carrier-grade NAT)'],
    ['0.0.0.0', 'an unspecified'],
    ['224.0.0.1', 'a multicast'],
    ['255.255.255.255', 'a reserved'],
    ['::1', 'a loopback'],
    ['::', 'an unspecified'],
    ['fe80::1', 'a link-local'],
    ['fd12:3456::1', 'a private'],
    ['ff02::1', 'a multicast'],
    ['::ffff:127.0.0.1', 'a loopback'],
    ['::ffff:7f00:1', 'a loopback'],
    ['::ffff:169.254.169.254', 'a link-local'],
    ['64:ff9b::a00:1', 'a private'],
  ])('%s is %s address', (address, kind) => {
    expect(restrictedAddressKind(address)).toBe(kind);
  });

  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '203.0.113.7', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(restrictedAddressKind(address)).toBeNull();
    },
  );
});

describe('resolveDestination', () => {
  const resolvingTo =
    (...addresses: string[]): Resolver =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('refuses a name when any address it resolves to is private, naming that address', async () => {
    const attempt = resolveDestination('https://hooks.example.com/in', {
      allowPrivateNetworks: false,
      resolve: resolvingTo('203.0.113.7', '10.0.0.5'),
    });
    await expect(attempt).rejects.toThrow(webhookAddressRefusedMessage('10.0.0.5', 'a private'));
    await expect(attempt).rejects.toMatchObject({ isRefused: true });
  });

  it('answers the first address checked, to connect to', async () => {
    const destination = await resolveDestination('https://hooks.example.com/in', {
      allowPrivateNetworks: false,
      resolve: resolvingTo('203.0.113.7', '2001:db8::7'),
    });
    expect(destination).toMatchObject({ address: '203.0.113.7', family: 4 });
  });

  it('takes an address literal as it is, without asking the DNS', async () => {
    const resolve: Resolver = () => {
      throw new Error('no lookup expected');
    };
    await expect(
      resolveDestination('https://[fe80::1]/in', { allowPrivateNetworks: false, resolve }),
    ).rejects.toThrow(webhookAddressRefusedMessage('fe80::1', 'a link-local'));
    expect(
      await resolveDestination('http://127.0.0.1:8080/', { allowPrivateNetworks: true, resolve }),
    ).toMatchObject({ address: '127.0.0.1', family: 4 });
  });

  it('wants https unless private networks are allowed', async () => {
    const resolve = resolvingTo('203.0.113.7');
    await expect(
      resolveDestination('http://hooks.example.com/', { allowPrivateNetworks: false, resolve }),
    ).rejects.toThrow(WEBHOOK_MESSAGES.httpsRequired);
    await expect(
      resolveDestination('http://hooks.example.com/', { allowPrivateNetworks: true, resolve }),
    ).resolves.toMatchObject({ address: '203.0.113.7' });
  });

  it('tells a name that does not resolve from a refused one', async () => {
    const attempt = resolveDestination('https://nowhere.invalid/', {
      allowPrivateNetworks: false,
      resolve: () => Promise.reject(new Error('ENOTFOUND')),
    });
    await expect(attempt).rejects.toThrow('The host nowhere.invalid could not be resolved.');
    await expect(attempt).rejects.toMatchObject({ isRefused: false });
  });
});

describe('postToDestination', () => {
  let server: http.Server;
  let port = 0;
  const seen: { host: string | undefined; path: string | undefined }[] = [];
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      seen.push({ host: request.headers.host, path: request.url });
      request.resume();
      request.on('end', () => {
        if (request.url === '/redirect') return response.writeHead(301, { location: '/elsewhere' }).end();
        if (request.url === '/large') return response.writeHead(200).end('y'.repeat(MAX_ANSWER_BYTES * 4));
        if (request.url === '/silent') return;
        response.writeHead(202).end('accepted');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ({ port } = server.address() as AddressInfo);
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** A name no DNS knows, pinned to the local server: the request must not resolve it again. */
  const pinned = (path: string) => ({
    url: new URL(`http://rebinding.invalid:${port}${path}`),
    address: '127.0.0.1',
    family: 4,
  });
  const post = (path: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}) =>
    postToDestination(pinned(path), { headers: {}, body: '{}', timeoutMs: 2000, ...options });

  it('connects to the checked address and keeps the host name in the Host header', async () => {
    const answer = await post('/in?x=1');
    expect(answer).toMatchObject({ statusCode: 202, isTruncated: false });
    expect(answer.body.toString()).toBe('accepted');
    expect(seen.at(-1)).toEqual({ host: `rebinding.invalid:${port}`, path: '/in?x=1' });
  });

  it('answers a redirect as it came, without following it', async () => {
    const before = seen.length;
    expect((await post('/redirect')).statusCode).toBe(301);
    expect(seen.slice(before).map((request) => request.path)).toEqual(['/redirect']);
  });

  it('stops reading an answer at the limit', async () => {
    const answer = await post('/large');
    expect(answer).toMatchObject({ statusCode: 200, isTruncated: true });
    expect(answer.body.length).toBe(MAX_ANSWER_BYTES);
  });

  it('gives up when no answer comes in time, and when aborted', async () => {
    await expect(post('/silent', { timeoutMs: 200 })).rejects.toThrow(
      new OutboundRequestError('No answer within 0.2 s.'),
    );
    const stopping = new AbortController();
    const attempt = post('/silent', { signal: stopping.signal });
    stopping.abort(new Error('stopping'));
    await expect(attempt).rejects.toThrow('stopping');
  });
});
