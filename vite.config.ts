import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import routes from './config/routes.json';
import appConfig from './config/app.json';
import { compressAssets } from './scripts/build/compress';
import { fixedZoneDefine } from './scripts/build/fixedZone';
import { serviceWorker } from './scripts/build/serviceWorker';
import { studioApp } from './scripts/build/studio';
import { trimCatalogue } from './scripts/build/trimCatalogue';
import { widgetChunks } from './scripts/build/widgetChunks';

const COMMON_WIDGET = /\/src\/(widgets\/(?!registry\.ts)|render\/(useAction|useStatePath)\.ts)/;
const OWN_CHUNK = /\/src\/widgets\/(qr-view|rich-text|image-upload|web-frame|carousel|star-rating|pull-refresh|countdown-button|tab-switch|textarea|server-form|repeat)\//;

// The app is served by the reference server (server/main.ts) from dist/, so one origin serves
// the app, the layouts and the API, under the same CSP as in production.
export default defineConfig({
  plugins: [
    react(),
    trimCatalogue(),
    fixedZoneDefine(appConfig.timeZone),
    widgetChunks(),
    // dist/sw.js (repeat visits from the cache), then .br/.gz beside every file (in this order).
    serviceWorker({ source: 'src/sw/sw.js', routes: Object.values(routes.pages).map((p) => p.path) }),
    compressAssets(),
    // The layout studio, a build of its own into <outDir>/studio/ (scripts/build/studio.ts).
    studioApp(),
  ],
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
    rollupOptions: {
      output: {
        // The small widgets travel as one chunk: on a phone network each request costs a round
        // trip (HTTP/1.1 allows 6 at a time), and a screen used 15-20 chunks of 200-1000 bytes.
        // Big or rare widgets keep their own chunk, loaded only by the layouts that use them.
        // Only the matched modules: what they import stays where it was (the entry's shared code).
        codeSplitting: {
          groups: [{ name: 'widgets', test: (id: string) => COMMON_WIDGET.test(id) && !OWN_CHUNK.test(id), includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
