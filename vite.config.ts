import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import routes from './config/routes.json' with { type: 'json' };
import appConfig from './config/app.json' with { type: 'json' };
import { compileHints } from './scripts/build/compileHints.ts';
import { compressAssets } from './scripts/build/compress.ts';
import { earlyScript } from './scripts/build/earlyScript.ts';
import { fixedZoneDefine } from './scripts/build/fixedZone.ts';
import { preloadDeps } from './scripts/build/preloadDeps.ts';
import { routerProduction } from './scripts/build/routerProduction.ts';
import { serviceWorker } from './scripts/build/serviceWorker.ts';
import { studioApp } from './scripts/build/studio.ts';
import { themeFromConfig } from './scripts/build/themeFromConfig.ts';
import { trimCatalogue } from './scripts/build/trimCatalogue.ts';
import { widgetChunks } from './scripts/build/widgetChunks.ts';

// Preload lists without the chunks an importer already has (scripts/build/preloadDeps.ts).
const preload = preloadDeps();

// The widgets the data screens share travel as one chunk: a first visit of /repay took
// in eight widget files (a list, a checkbox, a divider, the form widgets and the code they share),
// and on a 4x slower CPU the main thread spends several ms on each file it takes in before the
// entry can run. Chosen by use in layouts/ (repeat 8 routes, cell-list 7, input 7, divider 4,
// star-rating 3, checkbox 3, enum-picker 2, code-copy 2, tab-switch 2, countdown-button 2,
// empty-state, spinner) and small (about 9 KB compressed together); the core widgets are in the
// entry (src/react/widgets/core.ts); the large or rare ones (rich-text, qr-view, image-upload, textarea,
// server-form, pull-refresh, carousel, web-frame) are each a chunk of their own.
const SHARED_WIDGET =
  /\/src\/(react\/widgets\/(repeat|cell-list|input|enum-picker|checkbox|divider|star-rating|code-copy|tab-switch|countdown-button|empty-state|spinner)\/|react\/widgets\/(FieldError|boundPath|choices)\.tsx?$|react\/render\/(fields|inputRules)\.ts$|format\/digits\.ts$)/;

// The app is served by the reference server (server/main.ts) from dist/, so one origin serves
// the app, the layouts and the API, under the same CSP as in production.
export default defineConfig({
  plugins: [
    react(),
    routerProduction(),
    themeFromConfig(appConfig.theme),
    trimCatalogue(),
    fixedZoneDefine(appConfig.timeZone),
    widgetChunks(),
    preload.plugin,
    compileHints(),
    // The page's early script (src/app/shell/early.ts), a build of its own into assets/ (see there).
    earlyScript([trimCatalogue(), fixedZoneDefine(appConfig.timeZone), compileHints()]),
    // dist/sw.js (repeat visits from the cache), then .br/.gz beside every file (in this order).
    serviceWorker({
      source: 'src/app/sw/sw.js',
      routes: Object.values(routes.pages).map((p) => p.path),
    }),
    compressAssets(),
    // The layout studio, a build of its own into <outDir>/studio/ (scripts/build/studio.ts).
    studioApp(),
  ],
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // terser, two passes: about 1 KB less compressed JS on every first visit than the default
    // minifier (the entry budget is 110 KB), for a few seconds more build.
    minify: 'terser',
    terserOptions: { ecma: 2020, module: true, compress: { passes: 2 } },
    // Per-widget chunks are the point (code splitting per layout); keep a readable manifest so
    // the bench can attribute bytes to routes.
    manifest: true,
    // Sizes have budgets of their own (npm run bench, gzip per route); the development build
    // (npm run dev, not minified) would print Vite's raw 500 kB warning at every start.
    chunkSizeWarningLimit: 2000,
    modulePreload: { polyfill: false, resolveDependencies: preload.resolveDependencies },
    // One stylesheet, linked from index.html: widget CSS split per chunk would hold each lazy
    // widget import until its stylesheet arrived, a round trip after the code itself.
    cssCodeSplit: false,
    rollupOptions: {
      // The page's early script is built apart (earlyScript above), so it shares no chunk with this.
      input: { index: 'index.html' },
      // terser and the compress and studio plugins take seconds by design: the timing report
      // would print a dozen lines at every build (`npm start` included) and change nothing.
      checks: { bundlerTimings: false },
      output: {
        // Only the matched modules: what they import stays where it was (the entry's shared code).
        codeSplitting: {
          groups: [
            {
              name: 'widgets',
              test: (id: string) => SHARED_WIDGET.test(id),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
