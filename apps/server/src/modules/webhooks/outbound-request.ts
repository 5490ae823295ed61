import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_MESSAGES, webhookAddressRefusedMessage } from '@vestora/shared';

/** How much of an answer is read; the rest is neither waited for nor kept. */
export const MAX_ANSWER_BYTES = 64 * 1024;

/** A request that was not made or not answered, with why, in words an operator reads in the console. */
export class OutboundRequestError extends Error {
  constructor(
    message: string,
    /** The destination itself is refused (a forbidden address, a forbidden scheme), not a passing failure. */
    readonly isRefused = false,
  ) {
    super(message);
    this.name = 'OutboundRequestError';
  }
}

interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a host name resolves to; tests pass their own. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true });

export interface OutboundPolicy {
  /** Loopback, link-local and private addresses, and plain http, are allowed (receivers on the operator's network). */
  allowPrivateNetworks: boolean;
  resolve?: Resolver;
}

/** Where a request goes: the URL, and the one checked address it connects to. */
export interface Destination {
  url: URL;
  address: string;
  family: number;
}

/**
 * Checks a URL and resolves its host once: every address it resolves to must be public (unless
 * the policy allows private networks), else the destination is refused. The request then connects
 * to the address checked here, never to a second answer of the DNS (no rebinding).
 */
export async function resolveDestination(target: string | URL, policy: OutboundPolicy): Promise<Destination> {
  const url = new URL(target);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowPrivateNetworks)) {
    throw new OutboundRequestError(WEBHOOK_MESSAGES.httpsRequired, true);
  }
  const hostname = bareHostname(url);
  const addresses =
    isIP(hostname) === 0
      ? await (policy.resolve ?? systemResolver)(hostname).catch(() => {
          throw new OutboundRequestError(`The host ${hostname} could not be resolved.`);
        })
      : [{ address: hostname, family: isIP(hostname) }];
  const [first] = addresses;
  if (!first) throw new OutboundRequestError(`The host ${hostname} could not be resolved.`);
  if (!policy.allowPrivateNetworks) {
    for (const { address } of addresses) {
      const kind = restrictedAddressKind(address);
      if (kind) throw new OutboundRequestError(webhookAddressRefusedMessage(address, kind), true);
    }
  }
  return { url, address: first.address, family: first.family };
}

export interface OutboundAnswer {
  statusCode: number;
  /** At most `MAX_ANSWER_BYTES` of the body. */
  body: Buffer;
  /** The body went on beyond what was read. */
  isTruncated: boolean;
}

export interface OutboundRequest {
  headers: Record<string, string>;
  body: string | Buffer;
  /** Covers everything: connecting, sending, the answer's headers and its body. */
  timeoutMs: number;
  /** Aborts the request; it then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * POSTs `body` to a checked destination and reads the answer up to `MAX_ANSWER_BYTES`. Redirects are
 * answers like any other (not followed); an answer cut at the limit still counts by its status.
 */
export function postToDestination(
  destination: Destination,
  request: OutboundRequest,
): Promise<OutboundAnswer> {
  const { url, address, family } = destination;
  const isHttps = url.protocol === 'https:';
  const hostname = bareHostname(url);
  // Connects to the checked address whatever the host name: a second resolution could answer another.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  return new Promise((resolve, reject) => {
    let isSettled = false;
    const settle = (outcome: () => void) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      outcome();
      outgoing.destroy();
    };
    const fail = (error: Error) => settle(() => reject(error));
    const onAbort = () => fail(request.signal?.reason ?? new Error('aborted'));
    const timer = setTimeout(
      () => fail(new OutboundRequestError(`No answer within ${request.timeoutMs / 1000} s.`)),
      request.timeoutMs,
    );

    const options: https.RequestOptions = {
      method: 'POST',
      hostname,
      port: url.port === '' ? (isHttps ? 443 : 80) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers: {
        ...request.headers,
        host: url.host,
        'content-length': String(Buffer.byteLength(request.body)),
      },
      lookup,
      // A connection of its own: a pooled one could have been opened to another address.
      agent: false,
      // TLS checks the certificate against the host name, not the address connected to.
      ...(isHttps && isIP(hostname) === 0 ? { servername: hostname } : {}),
    };
    const onAnswer = (answer: http.IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = (isTruncated: boolean) =>
        settle(() =>
          resolve({ statusCode: answer.statusCode ?? 0, body: Buffer.concat(chunks), isTruncated }),
        );
      answer.on('data', (chunk: Buffer) => {
        const room = MAX_ANSWER_BYTES - size;
        chunks.push(chunk.subarray(0, room));
        size += Math.min(chunk.length, room);
        if (chunk.length > room) finish(true);
      });
      answer.on('end', () => finish(false));
      answer.on('error', fail);
    };
    const outgoing = isHttps ? https.request(options, onAnswer) : http.request(options, onAnswer);
    outgoing.on('error', (error) => fail(new OutboundRequestError(error.message)));
    if (request.signal?.aborted) return onAbort();
    request.signal?.addEventListener('abort', onAbort);
    outgoing.end(request.body);
  });
}

/** The URL's host without the brackets of an IPv6 literal. */
function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/**
 * Which of the platform's own networks an address belongs to (with its article, for a sentence),
 * or null for a public address.
 */
export function restrictedAddressKind(address: string): string | null {
  const version = isIP(address);
  if (version === 4) return ipv4Kind(address);
  if (version === 6) return ipv6Kind(ipv6Groups(address));
  return 'an invalid';
}

function ipv4Kind(address: string): string | null {
  const [a = 0, b = 0, c = 0] = address.split('.').map(Number);
  if (a === 0) return 'an unspecified';
  if (a === 127) return 'a loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'a private';
  if (a === 169 && b === 254) return 'a link-local';
  if (a === 100 && b >= 64 && b <= 127) return 'a shared (carrier-grade NAT)';
  if (a >= 224 && a <= 239) return 'a multicast';
  // 240/4 and the broadcast address; 192.0.0/24 (protocol assignments); 198.18/15 (benchmarks).
  if (a >= 240 || (a === 192 && b === 0 && c === 0) || (a === 198 && (b === 18 || b === 19))) {
    return 'a reserved';
  }
  return null;
}

function ipv6Kind(groups: number[]): string | null {
  const [first = 0, second = 0, , , , sixth = 0, seventh = 0, eighth = 0] = groups;
  const areZero = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (areZero(0, 8)) return 'an unspecified';
  if (areZero(0, 7) && eighth === 1) return 'a loopback';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) addresses
  // reach the IPv4 address inside them.
  const isMapped = areZero(0, 5) && (sixth === 0xffff || sixth === 0);
  const isNat64 = first === 0x64 && second === 0xff9b && areZero(2, 6);
  if (isMapped || isNat64) {
    return ipv4Kind(`${seventh >> 8}.${seventh & 0xff}.${eighth >> 8}.${eighth & 0xff}`);
  }
  if ((first & 0xffc0) === 0xfe80) return 'a link-local';
  // fc00::/7 (unique local) and the former site-local fec0::/10.
  if ((first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfec0) return 'a private';
  if ((first & 0xff00) === 0xff00) return 'a multicast';
  return null;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded and a trailing IPv4 part converted. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const restGroups = rest === undefined || rest === '' ? [] : rest.split(':');
  const missing = rest === undefined ? 0 : 8 - headGroups.length - restGroups.length;
  return [...headGroups, ...Array<string>(missing).fill('0'), ...restGroups].map((group) =>
    Number.parseInt(group, 16),
  );
}
