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

/** Bytes in kilobytes to one decimal, as the network panel shows them. */
export const kilobytes = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** Each script of a transfer with its size, largest first: `index-….js 108.7 KB, …`. */
export function listScripts(transfer: ScriptTransfer): string {
  return transfer.files.map((file) => `${file.name} ${kilobytes(file.bytes)} KB`).join(', ');
}

interface ScriptResponse {
  url: string;
  encoding: string;
  /** Set once the response has finished (or failed) loading. */
  bytes?: number;
}

/**
 * The scripts have settled once none is in flight and none has started for this long: a page
 * imports its lazy chunks within a few milliseconds of the previous one arriving. The page's other
 * traffic (polls, a widget's frame) does not count, so the wait ends however busy the page stays.
 */
const SCRIPTS_QUIET_MS = 500;
/** How long a page's scripts may take to settle. */
const SETTLE_TIMEOUT_MS = 30_000;

/** Counts the scripts a page receives from now on; `settled` waits until they have all arrived. */
export async function watchScripts(page: Page): Promise<{ settled(): Promise<ScriptTransfer> }> {
  const cdp = await page.context().newCDPSession(page);
  const scripts = new Map<string, ScriptResponse>();
  const inFlight = new Set<string>();
  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  let onQuiet: (() => void) | undefined;
  /** Restarts the quiet period whenever script traffic changes; it runs only with nothing in flight. */
  const scriptActivity = () => {
    clearTimeout(quietTimer);
    if (onQuiet && inFlight.size === 0) quietTimer = setTimeout(onQuiet, SCRIPTS_QUIET_MS);
  };
  const finish = (requestId: string, bytes: number) => {
    if (!inFlight.delete(requestId)) return;
    const script = scripts.get(requestId);
    if (script) script.bytes = bytes;
    scriptActivity();
  };

  cdp.on('Network.requestWillBeSent', ({ requestId, type }) => {
    if (type !== 'Script') return;
    inFlight.add(requestId);
    scriptActivity();
  });
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

  const scriptsQuiet = () =>
    new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(() => {
        clearTimeout(quietTimer);
        reject(new Error(`scripts still loading after ${SETTLE_TIMEOUT_MS} ms: ${inFlight.size} in flight`));
      }, SETTLE_TIMEOUT_MS);
      onQuiet = () => {
        onQuiet = undefined;
        clearTimeout(deadline);
        resolve();
      };
      scriptActivity();
    });

  return {
    async settled() {
      await scriptsQuiet();
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
