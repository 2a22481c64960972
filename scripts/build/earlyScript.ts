/**
 * Vite plugin: builds the page's early script (src/app/shell/early.ts: the first screen's data
 * requests, sent before the entry arrives) as a build of its own, after the app's, into the same
 * assets/ folder, and records it in the app's manifest under its source path, where the server
 * (server/page/appShell.ts), the service worker's precache list and the bench look it up.
 *
 * Why not a second input of the app's build: the bundler then moves the code both entries share
 * (the request builder, the config) into shared chunks, and the entry could run only once those
 * extra files were in. On a 4x slower CPU every module file a page loads costs the main thread
 * several milliseconds to take in, and the entry's evaluation waited for two of them.
 * Built alone, the early script carries its own copy of that code (~2 KB compressed) and the entry
 * has none of it as a separate file. The two meet through one page-wide object
 * (pageEarlyRequests in src/app/http/earlyRequests.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, PluginOption, ResolvedConfig } from 'vite';
import type { RolldownOutput } from 'rolldown';

export const EARLY_SOURCE = 'src/app/shell/early.ts';

/** `plugins`: what the early script's own build needs (it gets none of the app's). */
export function earlyScript(plugins: PluginOption[]): Plugin {
  let app: ResolvedConfig | null = null;
  return {
    name: 'kopa-early-script',
    apply: 'build',
    configResolved(config) {
      app = config;
    },
    closeBundle: {
      // Before the service worker's list and the compression (both 'post'): they see this file.
      order: 'pre',
      sequential: true,
      async handler() {
        if (!app) return;
        const { root, mode } = app;
        const outDir = resolve(root, app.build.outDir);
        const { build } = await import('vite');
        const result = (await build({
          configFile: false,
          root,
          mode,
          logLevel: 'warn',
          plugins,
          build: {
            outDir,
            emptyOutDir: false,
            // As the app's: the same target, minifier and options, source maps when it has them.
            target: app.build.target,
            sourcemap: app.build.sourcemap,
            copyPublicDir: false,
            minify: app.build.minify,
            terserOptions: app.build.terserOptions,
            modulePreload: false,
            rollupOptions: {
              input: { early: join(root, EARLY_SOURCE) },
              // As the app's build: no timing report (terser takes seconds by design).
              checks: { bundlerTimings: false },
              // A classic script (one function, no globals): the page runs it where the parser meets it,
              // before the stylesheet and the body (server/page/appShell.ts).
              output: {
                format: 'iife',
                entryFileNames: 'assets/[name]-[hash].js',
                codeSplitting: false,
              },
            },
          },
        })) as RolldownOutput | RolldownOutput[];
        const output = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
        const entry = output.find((o) => o.type === 'chunk' && o.isEntry);
        if (!entry) throw new Error('the early script build wrote no entry');
        const manifestPath = join(outDir, '.vite', 'manifest.json');
        const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
        manifest[EARLY_SOURCE] = {
          file: entry.fileName,
          name: 'early',
          src: EARLY_SOURCE,
          isEntry: true,
        };
        writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
      },
    },
  };
}
