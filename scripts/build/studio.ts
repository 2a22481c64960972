/**
 * Vite plugin: builds the layout studio (studio.html, src/studio/) into <outDir>/studio/ as a
 * build of its own, after the app's build is complete. A separate build, not a second input of
 * the app's: the app's chunks, manifest, service-worker precache list and single stylesheet stay
 * exactly what they are without the studio, so no borrower route ever loads CodeMirror (the
 * bench's per-route sizes prove it; docs/decisions/012-layout-studio.md).
 */
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compressAssets } from './compress.ts';

export function studioApp(): Plugin {
  let root = '';
  let outDir = '';
  let mode = 'production';
  return {
    name: 'kopa-studio',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      mode = config.mode;
    },
    closeBundle: {
      order: 'post',
      // After every other plugin's closeBundle (compression of the app included): nothing else
      // walks the output directory while this build writes into it.
      sequential: true,
      async handler() {
        const { build } = await import('vite');
        await build({
          configFile: false,
          root,
          mode,
          base: '/studio/',
          logLevel: 'warn',
          // React for the studio's components (the app's own plugin: JSX and fast refresh).
          plugins: [react(), compressAssets()],
          resolve: {
            // The checker worker runs @kopa/lint, which reads the schemas and fragments with
            // node:fs: in the worker those reads are answered from files bundled with it.
            alias: [
              { find: /^node:fs$/, replacement: join(root, 'src/studio/checker/memoryFs.ts') },
              { find: /^node:path$/, replacement: join(root, 'src/studio/checker/memoryPath.ts') },
            ],
          },
          worker: {
            format: 'es',
            // The checker reads the layouts' message catalogue at once (its keys); the runtime's
            // lazy import of the same file has nothing to split in the worker.
            rollupOptions: { checks: { ineffectiveDynamicImport: false } },
          },
          build: {
            outDir: join(outDir, 'studio'),
            emptyOutDir: true,
            target: 'es2022',
            sourcemap: false,
            // One chunk by design (an operator tool, loaded once): no size warning for it.
            chunkSizeWarningLimit: 2048,
            // No timing report: the build is seconds by design and prints warnings only.
            rollupOptions: { input: join(root, 'studio.html'), checks: { bundlerTimings: false } },
          },
        });
      },
    },
  };
}
