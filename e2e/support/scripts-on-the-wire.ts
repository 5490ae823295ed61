import type { Page } from 'playwright-core';

/*
 * The JavaScript a page really downloads, counted as Chromium's network panel counts "transferred":
 * headers and the body as sent, compressed or not. A script taken from the browser's cache counts
 * nothing. Used by the benchmark (bench/wire-bytes.ts) and the delivery test.
 */

export interface ScriptTransfer {
  /** Bytes received for script responses, headers included. */
  bytes: number;
  /** Script responses that came over the network rather than from the cache. */
  fromNetwork: number;
  /** The Content-Encoding of each script that came over the network. */
  encodings: string[];
  /** Each script that came over the network, largest first: its file name and bytes. */
  files: { name: string; bytes: number }[];
}

interface ScriptResponse {
  url: string;
  encoding: string;
  /** Set once the response has finished (or failed) loading. */
  bytes?: number;
}

/** How long a script response may take to finish once the network has gone quiet. */
const FINISH_TIMEOUT_MS = 5_000;

/** Counts the scripts a page receives from now on; `settled` waits until the network is quiet. */
export async function watchScripts(page: Page): Promise<{ settled(): Promise<ScriptTransfer> }> {
  const cdp = await page.context().newCDPSession(page);
  const scripts = new Map<string, ScriptResponse>();
  let onAllFinished: (() => void) | undefined;
  const unfinished = () => [...scripts.values()].some((script) => script.bytes === undefined);
  const finish = (requestId: string, bytes: number) => {
    const script = scripts.get(requestId);
    if (!script) return;
    script.bytes = bytes;
    if (!unfinished()) onAllFinished?.();
  };

  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type !== 'Script') return;
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    scripts.set(requestId, { url: response.url, encoding: headers['content-encoding'] ?? 'identity' });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) =>
    finish(requestId, encodedDataLength),
  );
  cdp.on('Network.loadingFailed', ({ requestId }) => finish(requestId, 0));
  await cdp.send('Network.enable');

  const allFinished = () =>
    new Promise<void>((resolve, reject) => {
      if (!unfinished()) return resolve();
      const timer = setTimeout(
        () => reject(new Error('a script response never finished loading')),
        FINISH_TIMEOUT_MS,
      );
      onAllFinished = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  return {
    async settled() {
      await page.waitForLoadState('networkidle');
      await allFinished();
      const overNetwork = [...scripts.values()].filter((script) => (script.bytes ?? 0) > 0);
      return {
        bytes: overNetwork.reduce((sum, script) => sum + (script.bytes ?? 0), 0),
        fromNetwork: overNetwork.length,
        encodings: overNetwork.map((script) => script.encoding),
        files: overNetwork
          .map((script) => ({
            name: new URL(script.url).pathname.split('/').pop() ?? script.url,
            bytes: script.bytes ?? 0,
          }))
          .sort((a, b) => b.bytes - a.bytes),
      };
    },
  };
}
