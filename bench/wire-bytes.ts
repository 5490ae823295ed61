/**
 * The JavaScript a browser downloads for each area of the platform: the system Chromium, a cold
 * cache, the browser's own Accept-Encoding, script bytes counted as e2e/support/scripts-on-the-wire.ts
 * says.
 */

import { rm } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { launchBrowser } from '../e2e/support/browser.ts';
import {
  CONSOLE,
  coldPage,
  landingShown,
  OVERVIEW,
  shows,
  signIn,
  signUp,
  visit,
} from '../e2e/support/first-visits.ts';
import { kilobytes, listScripts, type ScriptTransfer } from '../e2e/support/scripts-on-the-wire.ts';
import { E2E_ADMIN, freshDataDir, startServer, stopServer } from '../e2e/support/server.ts';

export interface WireBytes {
  landing: ScriptTransfer;
  /** Signing in on the sign-in page and landing on the overview, from a cold cache. */
  user: ScriptTransfer;
  /** The same as the administrator, up to the console's first page. */
  admin: ScriptTransfer;
  /** Opening the landing page again in the same browser, the day after. */
  landingAgain: ScriptTransfer;
  /** Opening the overview again in the same browser. */
  userAgain: ScriptTransfer;
}

/** Measures the landing page, the user area and the admin console, each first from a cold cache. */
async function measureWireBytesAt(
  baseUrl: string,
  admin: { email: string; password: string },
): Promise<WireBytes> {
  const browser = await launchBrowser();
  try {
    const landingPage = await coldPage(browser, baseUrl);
    const landing = await visit(landingPage, '/', landingShown);
    const landingAgain = await visit(await landingPage.context().newPage(), '/', landingShown);

    const person = await signUp(baseUrl);
    const userPage = await coldPage(browser, baseUrl);
    const user = await signIn(userPage, person, OVERVIEW);
    const userAgain = await visit(await userPage.context().newPage(), OVERVIEW.path, (page) =>
      shows(page, OVERVIEW.heading),
    );

    const adminPage = await coldPage(browser, baseUrl);
    const adminArea = await signIn(adminPage, { identifier: admin.email, password: admin.password }, CONSOLE);
    return { landing, user, admin: adminArea, landingAgain, userAgain };
  } finally {
    await browser.close();
  }
}

/** The same on the built platform, started on a fresh embedded PostgreSQL for the purpose. */
export async function measureWireBytes(): Promise<WireBytes> {
  const dataDir = await freshDataDir();
  const server = await startServer({ dataDir, env: { LOG_LEVEL: 'error' } });
  try {
    return await measureWireBytesAt(server.baseUrl, E2E_ADMIN);
  } finally {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The section of bench/RESULTS.md these figures make. */
export function wireBytesReport(result: WireBytes): string[] {
  const row = (label: string, transfer: ScriptTransfer, target: string) =>
    `| ${label} | ${kilobytes(transfer.bytes)} | ${transfer.fromNetwork} | ${[...new Set(transfer.encodings)].join(', ') || '–'} | ${target} |`;
  return [
    '## JavaScript on the wire (Chromium, cold cache)',
    '',
    'Bytes received for script responses, headers included, as Chromium counts them; a script taken',
    'from the browser cache counts nothing.',
    '',
    '| Visit | KB transferred | scripts from the network | Content-Encoding | target |',
    '|---|---|---|---|---|',
    row('Landing page', result.landing, '≤ 120 KB'),
    row('User area: sign in, overview', result.user, '≤ 220 KB'),
    row('Admin console: sign in, users', result.admin, '≤ 220 KB'),
    row('Landing page again, same browser', result.landingAgain, '≈ 0'),
    row('Overview again, same browser', result.userAgain, '≈ 0'),
    '',
  ];
}

// `npx tsx bench/wire-bytes.ts` (after `npm run build`) measures this part alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measureWireBytes();
  console.log(wireBytesReport(result).join('\n'));
  for (const visit of ['landing', 'user', 'admin'] as const) {
    console.log(`${visit}: ${listScripts(result[visit])}`);
  }
}
