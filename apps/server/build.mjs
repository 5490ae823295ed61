import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

// Workspace packages ship TypeScript, so they are bundled; everything from npm stays external.
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@vestora/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: ['src/main.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  outfile: 'dist/main.js',
  plugins: [externalNpmPackages],
  logLevel: 'warning',
});
await rm('dist/migrations', { recursive: true, force: true });
await cp('src/db/migrations', 'dist/migrations', { recursive: true });
