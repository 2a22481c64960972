/**
 * Vite plugin: after the bundle is written, puts a brotli (.br) and a gzip (.gz) file beside every
 * text asset, so the server negotiates Accept-Encoding and sends precompressed bytes with no CPU
 * per request (server/http/staticFiles.ts). Maximum levels: it runs once per build, not per request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map)$/;
/**
 * Below this a compressed copy is not worth a file. Small, not 512: a first visit loads several
 * widget chunks of 200-500 bytes, and on a phone network each of them saves a third compressed.
 */
const MIN_BYTES = 128;

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue; // .vite/: the server's build facts, never sent
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

export function compressFile(path: string): void {
  const bytes = readFileSync(path);
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = gzipSync(bytes, { level: 9 });
  // A copy that is not smaller is useless: the server then sends the original.
  if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
}

/** Compresses every compressible file under dir (used by the plugin and by the bare bench page). */
export function compressDir(dir: string): void {
  for (const path of walk(dir)) {
    if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
    compressFile(path);
  }
}

export function compressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'kopa-compress',
    apply: 'build',
    // After the service-worker plugin, so sw.js is compressed too.
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        compressDir(outDir);
      },
    },
  };
}
