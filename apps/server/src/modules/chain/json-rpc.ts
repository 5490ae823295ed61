/** A JSON-RPC call to a node: Bitcoin Core (1.0, credentials in the URL) or Ethereum (2.0). */
export type RpcCall = <Result>(method: string, params?: unknown[]) => Promise<Result>;
export type RpcBatch = <Result>(calls: { method: string; params: unknown[] }[]) => Promise<Result[]>;
/** A batch whose failed calls answer an Error in their place instead of failing the whole batch. */
export type RpcBatchSettled = <Result>(
  calls: { method: string; params: unknown[] }[],
) => Promise<(Result | Error)[]>;

type RpcAnswer = { id: number; result?: unknown; error?: { code: number; message: string } | null };

const RPC_TIMEOUT_MS = 30_000;

/**
 * fetch refuses URLs that carry credentials, so `http://user:password@host` becomes a Basic
 * authorisation header on the bare URL.
 */
export function createJsonRpc(
  url: string,
  version: '1.0' | '2.0',
): { call: RpcCall; batch: RpcBatch; batchSettled: RpcBatchSettled } {
  const parsed = new URL(url);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (parsed.username || parsed.password) {
    const credentials = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    parsed.username = '';
    parsed.password = '';
  }
  const endpoint = parsed.toString();
  let nextId = 1;

  async function send(body: unknown): Promise<unknown> {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
    });
    const text = await response.text();
    // Bitcoin Core answers an RPC error with status 500 and the error in the JSON body.
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(`node answered ${response.status}: ${text.slice(0, 200)}`);
    }
  }

  function resultOf<Result>(method: string, answer: RpcAnswer | undefined): Result {
    if (!answer) throw new Error(`${method}: no answer`);
    if (answer.error) throw new Error(`${method}: ${answer.error.message} (${answer.error.code})`);
    return answer.result as Result;
  }

  const call: RpcCall = async <Result>(method: string, params: unknown[] = []) => {
    const id = nextId++;
    const answer = (await send({ jsonrpc: version, id, method, params })) as RpcAnswer;
    return resultOf<Result>(method, answer);
  };

  const batchSettled: RpcBatchSettled = async <Result>(calls: { method: string; params: unknown[] }[]) => {
    if (calls.length === 0) return [];
    const first = nextId;
    nextId += calls.length;
    const answers = (await send(
      calls.map((request, offset) => ({ jsonrpc: version, id: first + offset, ...request })),
    )) as RpcAnswer[];
    const byId = new Map(answers.map((answer) => [answer.id, answer]));
    return calls.map((request, offset) => {
      try {
        return resultOf<Result>(request.method, byId.get(first + offset));
      } catch (error) {
        return error instanceof Error ? error : new Error(String(error));
      }
    });
  };

  const batch: RpcBatch = async <Result>(calls: { method: string; params: unknown[] }[]) => {
    const results = await batchSettled<Result>(calls);
    const failure = results.find((result): result is Error => result instanceof Error);
    if (failure) throw failure;
    return results as Result[];
  };

  return { call, batch, batchSettled };
}
