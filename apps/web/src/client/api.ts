import {
  type BodyInputOf,
  type ContractOf,
  MESSAGES,
  type ParamsInputOf,
  pathWith,
  type QueryInputOf,
  type ResponseOf,
  type RouteContract,
  type RouteRef,
} from '@vestora/shared';
import { endRefusedSession, getSession } from './session.ts';

/** A failed call: `status` 0 means the server was never reached. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The rest of the server's answer, for flags such as `twoFactorRequired`. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Makes a money-moving call safe to retry: the server runs it once per key. */
  idempotencyKey?: string;
}

/** A fresh Idempotency-Key; getRandomValues works on plain-http deployments, randomUUID does not. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Calls the API with the session's bearer token. A 401 on a signed-in call means the server no
 * longer knows the token (expired or revoked elsewhere), so the stale session is dropped.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await sendRequest(path, options).catch(async (error: unknown) => {
    // A staff act that needs the password again (sudo mode): asked for, then sent once more, with
    // the same Idempotency-Key, so it still runs at most once.
    const isReauthNeeded = error instanceof ApiError && error.details.reauthRequired === true;
    if (isReauthNeeded && reauthPrompt && (await reauthPrompt())) return sendRequest(path, options);
    throw error;
  });
  return (await response.json().catch(() => null)) as T;
}

/** Asks the person for their password again; true once the server has accepted it, false if they cancel. */
type ReauthPrompt = () => Promise<boolean>;
let reauthPrompt: ReauthPrompt | null = null;

/** The console registers its password prompt here while it is shown. */
export function setReauthPrompt(prompt: ReauthPrompt | null): void {
  reauthPrompt = prompt;
}

/** Sends the request with the session's token; an answer other than success becomes an ApiError. */
async function sendRequest(
  path: string,
  { method = 'GET', body, signal, idempotencyKey }: RequestOptions,
): Promise<Response> {
  const token = getSession()?.token;
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      signal,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(MESSAGES.networkError, 0);
  }

  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => null);
    if (response.status === 401 && token) endRefusedSession(token);
    const details =
      typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
    throw new ApiError(serverMessage(payload) ?? MESSAGES.unexpected, response.status, details);
  }
  return response;
}

function serverMessage(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { message, error } = payload as { message?: unknown; error?: unknown };
  if (typeof message === 'string' && message) return message;
  return typeof error === 'string' && error ? error : null;
}

export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : MESSAGES.unexpected;
}

/** What a call of a route sends: each part typed by the route's contract. */
export interface CallInput<Contract extends RouteContract> {
  params?: ParamsInputOf<Contract>;
  query?: QueryInputOf<Contract>;
  body?: BodyInputOf<Contract> | FormData;
  signal?: AbortSignal;
  idempotencyKey?: string;
}

/**
 * Calls a route by its reference (`@vestora/shared/routes`): its URL and method come from the
 * reference, the types of its input and answer from the contract the reference stands for.
 */
export function callApi<Route extends RouteRef<RouteContract>>(
  route: Route,
  { params, query, body, signal, idempotencyKey }: CallInput<ContractOf<Route>> = {},
): Promise<ResponseOf<ContractOf<Route>>> {
  return apiRequest(pathWith(route.path, params ?? undefined) + queryStringOf(query), {
    method: route.method,
    body,
    signal,
    idempotencyKey,
  });
}

/**
 * Fetches a route that answers with a file (a CSV statement, a zip of one's data) and hands it to
 * the browser as a download, named as the server's Content-Disposition names it. A link could not
 * send the session's bearer token (nor a body), so the file is fetched here and saved from a blob.
 */
export async function downloadFile<Route extends RouteRef<RouteContract>>(
  route: Route,
  {
    params,
    query,
    body,
    signal,
  }: Pick<CallInput<ContractOf<Route>>, 'params' | 'query' | 'body' | 'signal'> = {},
): Promise<void> {
  const response = await sendRequest(pathWith(route.path, params ?? undefined) + queryStringOf(query), {
    method: route.method,
    body,
    signal,
  });
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download';
  saveBlob(await response.blob(), fileName);
}

/** Hands a file made in the page (or fetched) to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Kept a while: some browsers read the blob only after the click has returned.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The cache key of a route's answer: its path's segments after `/api`, then its input. A key made
 * from the contract alone is the prefix of every key of that route, so invalidating it reloads each
 * page and filter of it; `['admin']` is the prefix of every console answer.
 */
export function queryKeyOf<Route extends RouteRef<RouteContract>>(
  route: Route,
  input: Pick<CallInput<ContractOf<Route>>, 'params' | 'query'> = {},
) {
  const { params, query } = input;
  const segments = route.path.split('/').slice(2);
  return [...segments, ...(params || query ? [{ params, query }] : [])];
}

function queryStringOf(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * What `useQuery` needs to read a route: its key and the call, with the same input in both so the
 * cache can never hold one answer under another input's key. Spread it beside `select`,
 * `placeholderData` and the like.
 */
export function routeQuery<Route extends RouteRef<RouteContract>>(
  route: Route,
  input: Pick<CallInput<ContractOf<Route>>, 'params' | 'query'> = {},
) {
  return {
    queryKey: queryKeyOf(route, input),
    queryFn: ({ signal }: { signal: AbortSignal }) => callApi(route, { ...input, signal }),
  };
}
