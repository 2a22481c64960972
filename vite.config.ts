import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The app is served by the reference server (server/main.ts) from dist/, so one origin serves
// the app, the layouts and the API, under the same CSP as in production.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // Per-widget chunks are the point (code splitting per layout); keep a readable manifest so
    // the bench can attribute bytes to routes.
    manifest: true,
    modulePreload: { polyfill: false },
    // One stylesheet, linked from index.html: widget CSS split per chunk would hold each lazy
    // widget import until its stylesheet arrived, a round trip after the code itself.
    cssCodeSplit: false,
  },
});
