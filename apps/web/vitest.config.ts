import { defineConfig } from 'vitest/config';

/** Unit tests of the web primitives, in jsdom; the pages are tested in a real browser under e2e/. */
export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
