import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // One browser at a time: the machine has two cores and the server needs one.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page read is asserted by polling until it holds (expect.poll). Vitest's default gives up
    // after one second, which a loaded machine exceeds; Playwright waits up to 30 s for a locator.
    expect: { poll: { timeout: 15_000 } },
  },
});
