import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The machine's two cores are shared: one worker is plenty for pure functions.
    maxWorkers: 1,
    minWorkers: 1,
    // The package's own tsconfig leaves tests out (they may use node:crypto; the package must not),
    // so the tests' types are checked here, with Node's typings, on every run.
    typecheck: {
      enabled: true,
      include: ['src/**/*.test.ts'],
      tsconfig: './tsconfig.test.json',
    },
  },
});
