/**
 * Vite plugin: writes dist/sw.js from src/app/sw/sw.js with this build's facts in front of it: a
 * version (a hash of the hashed file names, so it changes exactly when some asset does), the
 * files to precache, and the route paths whose HTML the worker may serve (config/routes.json).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

interface ManifestEntry {
  file: string;
  css?: string[];
}

export interface SwBuild {
  version: string;
  assets: string[];
  routes: string[];
}

export function swBuildInfo(manifest: Record<string, ManifestEntry>, routes: string[]): SwBuild {
  const assets = new Set<string>();
  for (const entry of Object.values(manifest)) {
    if (/\.(js|css)$/.test(entry.file)) assets.add(entry.file);
    for (const css of entry.css ?? []) assets.add(css);
  }
  const sorted = [...assets].sort();
  const version = createHash('sha256')
    .update(sorted.join('\n'))
    .update(routes.join('\n'))
    .digest('hex')
    .slice(0, 12);
  return { version, assets: sorted, routes };
}

export function serviceWorker(opts: { source: string; routes: string[] }): Plugin {
  let outDir = '';
  return {
    name: 'kopa-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        const manifest = JSON.parse(
          readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'),
        ) as Record<string, ManifestEntry>;
        const info = swBuildInfo(manifest, opts.routes);
        const source = readFileSync(opts.source, 'utf8');
        writeFileSync(
          join(outDir, 'sw.js'),
          `self.__KOPA_BUILD__ = ${JSON.stringify(info)};\n${source}`,
        );
      },
    },
  };
}
