import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pino from 'pino';
import { createAppShell } from '../../server/page/appShell';
import { PAGE_BLOCK } from '../../src/contract/servedPage/blocks';
import { fragmentsOf, servedText } from '../../server/layouts/servedFragments';
import { createLayoutStore, type LayoutSource, type LayoutStore } from '../../server/layouts/store';

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
    // The build's own .br file is what the server sends; without one (a file too small to gain,
    // scripts/build/compress.ts) it sends the file as it is.
    br += existsSync(`${path}.br`) ? readFileSync(`${path}.br`).length : bytes.length;
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

/** The session query the bench opens pages with (run.ts): it decides which early requests a page plans. */
export const BENCH_QUERY = '?userId=10001&sessionId=demo-session&orderId=O170&productId=P002';

/**
 * Per route: the JS and CSS a first visit loads before the screen is interactive: the entry with
 * its static imports, and every chunk the page the server answers for that route preloads (its
 * widget chunks, the layouts' texts, the response validators of its data sources, and the layout
 * validators when the server could not vouch for the layout: server/page/appShell.ts decides, on the
 * layout as it is served, fragments expanded). Measured from the HTML itself, so the bench counts
 * what a borrower's browser is told to fetch, not a second opinion of it.
 */
export async function routeSizes(
  root: string,
  pages: Record<string, { path: string; layout: string }>,
  distDir = 'dist',
): Promise<{ entry: RouteSize; routes: RouteSize[] }> {
  const dist = join(root, distDir);
  const manifest = JSON.parse(
    readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const entryJs = new Set<string>();
  const entryCss = new Set<string>();
  closure(manifest, 'index.html', entryJs, entryCss);
  // With one stylesheet (cssCodeSplit: false) the manifest lists it on its own key.
  for (const [key, entry] of Object.entries(manifest))
    if (key.endsWith('.css')) entryCss.add(entry.file);
  const measure = (route: string, layout: string, js: Set<string>, css: Set<string>): RouteSize => {
    const j = sizeOf(dist, js);
    const c = sizeOf(dist, css);
    return {
      route,
      layout,
      jsRaw: j.raw,
      jsGzip: j.gzip,
      jsBr: j.br,
      cssRaw: c.raw,
      cssGzip: c.gzip,
      cssBr: c.br,
      chunks: js.size,
    };
  };
  const shell = createAppShell(dist, fileLayouts(join(root, 'layouts')));
  const routes: RouteSize[] = [];
  for (const page of Object.values(pages)) {
    // A page plans its early requests from its layout alone: no query needed.
    const html = await shell.html(page.path, undefined, 'en');
    if (!html.includes('id="kopa-layout"')) continue; // no layout yet for this route
    const js = new Set(entryJs);
    for (const m of html.matchAll(/<link rel="modulepreload" href="\/([^"]+)">/g))
      if (m[1]) js.add(m[1]);
    // The early script (built on its own, not part of the entry's imports) when the page has one:
    // linked, or in the page itself, where its bytes still count as the first visit's JS.
    for (const m of html.matchAll(/<script type="module" crossorigin src="\/([^"]+)"><\/script>/g))
      if (m[1]) js.add(m[1]);
    const early = manifest['src/app/shell/early.ts']?.file;
    if (early && html.includes(`id="${PAGE_BLOCK.early}"`)) js.add(early);
    routes.push(measure(page.path, page.layout, js, new Set(entryCss)));
  }
  return { entry: measure('(entry)', '', entryJs, entryCss), routes };
}

/** The repository's layouts as their published versions (what `npm run layouts:import` stores). */
function fileLayouts(dir: string): LayoutStore {
  const read = (name: string): string | null => {
    try {
      return readFileSync(join(dir, `${name}.json`), 'utf8');
    } catch {
      return null;
    }
  };
  const fragments = fragmentsOf(dir);
  const source: LayoutSource = {
    published: async (name) => {
      const content = read(name);
      return content === null
        ? null
        : { version: 1, content, served: servedText(content, fragments()) };
    },
    draft: async (name) => read(name),
    versions: async () => new Map(),
  };
  return createLayoutStore(source, pino({ level: 'silent' }), { fragments });
}
