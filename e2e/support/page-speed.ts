import type { Browser, Page } from 'playwright-core';
import { VIEWPORTS } from './browser.ts';
import { FIRST_VISIT } from './first-visits.ts';

/*
 * How fast a page paints on a slow phone, measured as Lighthouse's mobile preset throttles: a cold
 * cache, 150 ms round trip, 1.6 Mbit/s each way and the CPU slowed four times, in a 390 px wide
 * window. The figures are Chromium's own performance entries. Used by the benchmark
 * (bench/page-speed.ts) and the delivery test.
 */

export const SLOW_PHONE = {
  latencyMs: 150,
  /** 1.6 Mbit/s. */
  bytesPerSecond: 200_000,
  cpuSlowdown: 4,
  viewport: VIEWPORTS.phone,
} as const;

/** Milliseconds since navigation, except the layout shift score (unitless). */
export interface PageSpeed {
  firstContentfulPaint: number;
  largestContentfulPaint: number;
  /** The long tasks after the first contentful paint, each beyond its first 50 ms. */
  totalBlockingTime: number;
  cumulativeLayoutShift: number;
}

/** The pages measured, each with the heading that says it is there. */
export const SPEED_PAGES = [
  { label: 'Landing page', path: '/', heading: /ledger you can read/ },
  { label: 'Sign-in page', path: '/signin', heading: 'Welcome back' },
  { label: 'Privacy policy', path: '/policy', heading: 'Privacy Policy' },
] as const;

export const SPEED_TARGETS = {
  largestContentfulPaint: 1200,
  totalBlockingTime: 100,
  cumulativeLayoutShift: 0.02,
} as const;

/** Runs per page; the median of each figure is kept, so one hiccup of a shared machine does not decide. */
const RUNS = 3;
/** A task blocks input for what it lasts beyond this. */
const LONG_TASK_MS = 50;

interface Observed {
  paints: { name: string; startTime: number }[];
  largestPaints: number[];
  shifts: { value: number; hadRecentInput: boolean }[];
  longTasks: { startTime: number; duration: number }[];
}

declare global {
  interface Window {
    pageSpeed?: Observed;
  }
}

/**
 * Collects the entries from the first byte of the document on; LCP is final once the page is quiet,
 * as no input ends it earlier. Injected by the browser before any of the page's own scripts, as text:
 * a compiled function could call helpers of its bundler that the page does not have.
 */
const OBSERVE_ENTRIES = `{
  const observed = { paints: [], largestPaints: [], shifts: [], longTasks: [] };
  window.pageSpeed = observed;
  const observe = (type, take) =>
    new PerformanceObserver((list) => list.getEntries().forEach(take)).observe({ type, buffered: true });
  observe('paint', ({ name, startTime }) => observed.paints.push({ name, startTime }));
  observe('largest-contentful-paint', ({ startTime }) => observed.largestPaints.push(startTime));
  observe('layout-shift', ({ value, hadRecentInput }) => observed.shifts.push({ value, hadRecentInput }));
  observe('longtask', ({ startTime, duration }) => observed.longTasks.push({ startTime, duration }));
}`;

function figures(observed: Observed): PageSpeed {
  const firstContentfulPaint =
    observed.paints.find((paint) => paint.name === 'first-contentful-paint')?.startTime ?? Number.NaN;
  return {
    firstContentfulPaint,
    largestContentfulPaint: observed.largestPaints.at(-1) ?? Number.NaN,
    totalBlockingTime: observed.longTasks.reduce(
      (sum, task) =>
        sum +
        Math.max(
          0,
          task.startTime + task.duration - Math.max(task.startTime + LONG_TASK_MS, firstContentfulPaint),
        ),
      0,
    ),
    cumulativeLayoutShift: observed.shifts
      .filter((shift) => !shift.hadRecentInput)
      .reduce((sum, shift) => sum + shift.value, 0),
  };
}

/**
 * One visit of `path` from a cold cache under the slow phone's throttling: waits for its heading,
 * then for the network to be quiet (the lazy parts and the API's answers in, hydration done).
 */
async function measureOnce(
  browser: Browser,
  baseUrl: string,
  page: { path: string; heading: string | RegExp },
): Promise<PageSpeed> {
  const context = await browser.newContext({
    ...FIRST_VISIT,
    viewport: SLOW_PHONE.viewport,
    baseURL: baseUrl,
  });
  try {
    const tab: Page = await context.newPage();
    await tab.addInitScript({ content: OBSERVE_ENTRIES });
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_PHONE.latencyMs,
      downloadThroughput: SLOW_PHONE.bytesPerSecond,
      uploadThroughput: SLOW_PHONE.bytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
    await tab.goto(page.path, { waitUntil: 'load' });
    await tab.getByRole('heading', { level: 1, name: page.heading }).waitFor({ timeout: 30_000 });
    await tab.waitForLoadState('networkidle');
    const observed = await tab.evaluate(() => window.pageSpeed);
    if (!observed) throw new Error(`${page.path}: the performance observers did not run`);
    return figures(observed);
  } finally {
    await context.close();
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The median of each figure over a few cold visits of `page`. */
export async function measurePageSpeed(
  browser: Browser,
  baseUrl: string,
  page: { path: string; heading: string | RegExp },
): Promise<PageSpeed> {
  const runs: PageSpeed[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await measureOnce(browser, baseUrl, page));
  return {
    firstContentfulPaint: median(runs.map((run) => run.firstContentfulPaint)),
    largestContentfulPaint: median(runs.map((run) => run.largestContentfulPaint)),
    totalBlockingTime: median(runs.map((run) => run.totalBlockingTime)),
    cumulativeLayoutShift: median(runs.map((run) => run.cumulativeLayoutShift)),
  };
}
