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
}

/** Counts the scripts a page receives from now on; `settled` waits until the network is quiet. */
export async function watchScripts(page: Page): Promise<{ settled(): Promise<ScriptTransfer> }> {
  const cdp = await page.context().newCDPSession(page);
  const scripts = new Map<string, { encoding: string; bytes?: number }>();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type !== 'Script') return;
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    scripts.set(requestId, { encoding: headers['content-encoding'] ?? 'identity' });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const script = scripts.get(requestId);
    if (script) script.bytes = encodedDataLength;
  });
  await cdp.send('Network.enable');
  return {
    async settled() {
      await page.waitForLoadState('networkidle');
      const finished = () => [...scripts.values()].every((script) => script.bytes !== undefined);
      for (let wait = 0; !finished(); wait += 1) {
        if (wait === 100) throw new Error('a script response never finished loading');
        await page.waitForTimeout(50);
      }
      const overNetwork = [...scripts.values()].filter((script) => (script.bytes ?? 0) > 0);
      return {
        bytes: overNetwork.reduce((sum, script) => sum + (script.bytes ?? 0), 0),
        fromNetwork: overNetwork.length,
        encodings: overNetwork.map((script) => script.encoding),
      };
    },
  };
}
