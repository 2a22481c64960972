import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The app is served by the reference server (server/main.ts) from dist/, so one origin serves
// the app, the layouts and the API, under the same CSP as in production.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2020',
    // Per-widget chunks are the point (code splitting per layout); keep a readable manifest so
    // the bench can attribute bytes to routes.
    manifest: true,
    modulePreload: { polyfill: false },
  },
});
