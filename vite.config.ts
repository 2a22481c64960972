import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The app is served by the reference server (server/main.ts) from dist/. In `npm run dev` the
// server proxies to Vite instead, so one origin serves layouts, API and app in both modes.
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
