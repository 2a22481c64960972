import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { startupResponses } from '../../server/appShell';
import { collectTypes } from '../../src/schema/collectTypes';

interface ManifestEntry {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestEntry>;

export interface RouteSize {
  route: string;
  layout: string;
  jsRaw: number;
  jsGzip: number;
  /** Brotli: what a browser actually downloads from the reference server (it prefers br). */
  jsBr: number;
  cssRaw: number;
  cssGzip: number;
  cssBr: number;
  chunks: number;
}

function sizeOf(dist: string, files: Set<string>): { raw: number; gzip: number; br: number } {
  let raw = 0;
  let gzip = 0;
  let br = 0;
  for (const f of files) {
    const path = join(dist, f);
    const bytes = readFileSync(path);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    // The build's own .br file is what the server sends; compress here only if it is missing.
    br += existsSync(`${path}.br`)
      ? readFileSync(`${path}.br`).length
      : brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { raw, gzip, br };
}

/** A chunk with everything it imports statically (what the browser must fetch with it). */
function closure(manifest: Manifest, key: string, js: Set<string>, css: Set<string>): void {
  const entry = manifest[key];
  if (!entry || js.has(entry.file)) return;
  js.add(entry.file);
  for (const c of entry.css ?? []) css.add(c);
  for (const imp of entry.imports ?? []) closure(manifest, imp, js, css);
}

function widgetKey(manifest: Manifest, type: string, grouped: Record<string, string>): string | undefined {
  // Its own chunk if it has one, else the shared chunk that holds it (scripts/build/widgetChunks.ts).
  return Object.keys(manifest).find((k) => k.startsWith(`src/widgets/${type}/`) && k.endsWith('.tsx')) ?? grouped[type];
}

/**
 * Per route: the JS and CSS a first visit loads before the screen is interactive: the entry
 * with its static imports, the compiled validators, the layouts' English texts, the widget
 * chunks its layout uses and the response validators of its data sources (what
 * server/appShell.ts preloads for an English page).
 */
export function routeSizes(root: string, pages: Record<string, { path: string; layout: string }>, distDir = 'dist'): { entry: RouteSize; routes: RouteSize[] } {
  const dist = join(root, distDir);
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const groupedFile = join(dist, '.vite', 'widget-chunks.json');
  const grouped = existsSync(groupedFile) ? (JSON.parse(readFileSync(groupedFile, 'utf8')) as Record<string, string>) : {};
  const entryJs = new Set<string>();
  const entryCss = new Set<string>();
  closure(manifest, 'index.html', entryJs, entryCss);
  // With one stylesheet (cssCodeSplit: false) the manifest lists it on its own key.
  for (const [key, entry] of Object.entries(manifest)) if (key.endsWith('.css')) entryCss.add(entry.file);
  const measure = (route: string, layout: string, js: Set<string>, css: Set<string>): RouteSize => {
    const j = sizeOf(dist, js);
    const c = sizeOf(dist, css);
    return { route, layout, jsRaw: j.raw, jsGzip: j.gzip, jsBr: j.br, cssRaw: c.raw, cssGzip: c.gzip, cssBr: c.br, chunks: js.size };
  };
  const routes: RouteSize[] = [];
  for (const page of Object.values(pages)) {
    const js = new Set(entryJs);
    const css = new Set(entryCss);
    closure(manifest, 'src/schema/generated/validators/app.js', js, css);
    // The layouts' texts in English (messages/layouts/): preloaded beside the widget chunks.
    closure(manifest, 'messages/layouts/en.json', js, css);
    let doc: unknown;
    try {
      doc = JSON.parse(readFileSync(join(root, 'layouts', `${page.layout}.json`), 'utf8'));
    } catch {
      continue; // no layout yet for this route
    }
    for (const type of collectTypes(doc)) {
      const key = widgetKey(manifest, type, grouped);
      if (key) closure(manifest, key, js, css);
    }
    // The response validators of the sources loaded with the page (the server preloads them too).
    for (const response of startupResponses(doc)) {
      closure(manifest, `src/schema/generated/validators/responses/${response.replace(/\.response$/, '')}.js`, js, css);
    }
    routes.push(measure(page.path, page.layout, js, css));
  }
  return { entry: measure('(entry)', '', entryJs, entryCss), routes };
}
