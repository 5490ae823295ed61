/**
 * How fast the public pages paint on a slow phone: the system Chromium throttled as Lighthouse's
 * mobile preset, a cold cache, figures from Chromium's performance entries
 * (e2e/support/page-speed.ts says how).
 */

import { rm } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { launchBrowser } from '../e2e/support/browser.ts';
import {
  measurePageSpeed,
  type PageSpeed,
  SLOW_PHONE,
  SPEED_PAGES,
  SPEED_TARGETS,
} from '../e2e/support/page-speed.ts';
import { freshDataDir, startServer, stopServer } from '../e2e/support/server.ts';

export type PageSpeeds = { label: string; path: string; speed: PageSpeed }[];

/** Measures each public page on the built platform, started on a fresh embedded PostgreSQL. */
export async function measurePageSpeeds(): Promise<PageSpeeds> {
  const dataDir = await freshDataDir();
  const server = await startServer({ dataDir, env: { LOG_LEVEL: 'error' } });
  const browser = await launchBrowser();
  try {
    const speeds: PageSpeeds = [];
    for (const page of SPEED_PAGES) {
      speeds.push({
        label: page.label,
        path: page.path,
        speed: await measurePageSpeed(browser, server.baseUrl, page),
      });
    }
    return speeds;
  } finally {
    await browser.close();
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(2)} s`;

/** The section of bench/RESULTS.md these figures make. */
export function pageSpeedReport(speeds: PageSpeeds): string[] {
  const { largestContentfulPaint, totalBlockingTime, cumulativeLayoutShift } = SPEED_TARGETS;
  return [
    '## Page speed on a slow phone (Chromium, cold cache)',
    '',
    `Throttled as Lighthouse's mobile preset: ${SLOW_PHONE.latencyMs} ms round trip, ` +
      `${(SLOW_PHONE.bytesPerSecond * 8) / 1e6} Mbit/s down and up, CPU slowed ${SLOW_PHONE.cpuSlowdown}×, ` +
      `a ${SLOW_PHONE.viewport.width} × ${SLOW_PHONE.viewport.height} window. Figures from Chromium's own ` +
      'performance entries (paint, largest-contentful-paint, layout-shift without recent input, longtask: ' +
      'blocking time is each long task after the first paint beyond its first 50 ms), median of 3 visits.',
    '',
    '| Page | first paint | largest paint | blocking time | layout shift |',
    '|---|---|---|---|---|',
    ...speeds.map(
      ({ label, path, speed }) =>
        `| ${label} (\`${path}\`) | ${seconds(speed.firstContentfulPaint)} | ${seconds(speed.largestContentfulPaint)} | ` +
        `${Math.round(speed.totalBlockingTime)} ms | ${speed.cumulativeLayoutShift.toFixed(3)} |`,
    ),
    `| target | | ≤ ${seconds(largestContentfulPaint)} (landing, sign-in) | ≤ ${totalBlockingTime} ms | ≤ ${cumulativeLayoutShift} |`,
    '',
  ];
}

// `npx tsx bench/page-speed.ts` (after `npm run build`) measures this part alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(pageSpeedReport(await measurePageSpeeds()).join('\n'));
}
