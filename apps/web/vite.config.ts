import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { serviceWorker } from './build/service-worker-plugin.ts';

/**
 * The route references besides the site's (which the landing page calls, from the first download),
 * and the users list's search constants: a module without imports, shared by the console's first
 * page and its other pages, that alone made a chunk of 100 bytes under a kilobyte of headers.
 */
const LATER_ROUTE_REFS = /packages\/shared\/src\/(routes\/(?!site\.ts$|index\.ts$)|user-search\.ts$)/;

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorker('src/service-worker/service-worker.ts')],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    rollupOptions: {
      onwarn(warning, warn) {
        // zod's sources put `@__PURE__` comments where Rollup cannot use them; Rollup drops them and
        // the bundle is the same, so the multi-line warning would only alarm a first `npm start`.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
        warn(warning);
      },
      output: {
        // Each file of references is a few hundred bytes; split by the pages sharing them, they made
        // half a dozen chunks whose response headers cost more than the code: one chunk holds them.
        manualChunks: (id) => (LATER_ROUTE_REFS.test(id) ? 'routes' : undefined),
      },
    },
  },
});
