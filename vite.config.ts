import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import routes from './config/routes.json';
import appConfig from './config/app.json';
import { compileHints } from './scripts/build/compileHints';
import { compressAssets } from './scripts/build/compress';
import { fixedZoneDefine } from './scripts/build/fixedZone';
import { routerProduction } from './scripts/build/routerProduction';
import { serviceWorker } from './scripts/build/serviceWorker';
import { studioApp } from './scripts/build/studio';
import { trimCatalogue } from './scripts/build/trimCatalogue';
import { widgetChunks } from './scripts/build/widgetChunks';

// Form widgets travel together (a form screen uses two or three of them, and they share the field
// code); the core widgets are in the entry (src/widgets/core.ts); every other widget is a chunk of
// its own, loaded only by the layouts that use it.
const FORM_WIDGET = /\/src\/(widgets\/(input|enum-picker|FieldError)|render\/(fields|inputRules))/;

// The app is served by the reference server (server/main.ts) from dist/, so one origin serves
// the app, the layouts and the API, under the same CSP as in production.
export default defineConfig({
  plugins: [
    react(),
    routerProduction(),
    trimCatalogue(),
    fixedZoneDefine(appConfig.timeZone),
    widgetChunks(),
    compileHints(),
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
    // terser, two passes: about 1 KB less compressed JS on every first visit than the default
    // minifier (issue 10's budget is 110 KB), for a few seconds more build.
    minify: 'terser',
    terserOptions: { ecma: 2020, module: true, compress: { passes: 2 } },
    // Per-widget chunks are the point (code splitting per layout); keep a readable manifest so
    // the bench can attribute bytes to routes.
    manifest: true,
    modulePreload: { polyfill: false },
    // One stylesheet, linked from index.html: widget CSS split per chunk would hold each lazy
    // widget import until its stylesheet arrived, a round trip after the code itself.
    cssCodeSplit: false,
    rollupOptions: {
      // The page's early script (src/shell/early.ts): the first screen's data requests, sent
      // before the entry arrives. server/appShell.ts adds it to pages that plan such requests.
      input: { index: 'index.html', early: 'src/shell/early.ts' },
      output: {
        // Only the matched modules: what they import stays where it was (the entry's shared code).
        codeSplitting: {
          groups: [{ name: 'forms', test: (id: string) => FORM_WIDGET.test(id), includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
