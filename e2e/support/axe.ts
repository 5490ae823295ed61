import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

declare global {
  interface Window {
    axe?: { run: (context: Document) => Promise<AxeResults> };
  }
}

/**
 * Runs the axe accessibility scan on the page as it stands and fails on any serious or critical
 * violation, naming the rule and the elements. The script goes in through the DevTools protocol,
 * which the app's strict CSP does not apply to, so the page is tested with its real policy.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  if (!(await page.evaluate(() => window.axe !== undefined))) {
    await page.evaluate(await readFile(AXE_SCRIPT, 'utf8'));
  }
  // Judge what a person sees once things settle: a toast caught half-way through fading in is
  // half-transparent, and its text fails the contrast check that the shown toast passes. Endless
  // animations (spinners) never finish and change no colours, so they are not waited for.
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
  const violations = await page.evaluate(async () => {
    if (!window.axe) throw new Error('axe did not load');
    const { violations } = await window.axe.run(document);
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
  expect(violations, `accessibility of ${what}`).toEqual([]);
}
