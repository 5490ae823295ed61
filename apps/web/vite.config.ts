import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  // The manifest lets the benchmarks measure what each area downloads on first load.
  build: { target: 'es2022', manifest: true },
});
