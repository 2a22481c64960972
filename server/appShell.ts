/**
 * The HTML a route is answered with: dist/index.html plus, for a route whose screen is a layout,
 * the layout itself (a JSON data block, which a CSP without inline scripts still allows) and
 * modulepreload links for the compiled validators and the widget chunks that layout uses. The
 * browser then fetches the whole screen's code in parallel with the entry, instead of
 * discovering it one round trip at a time (layout, then widgets).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import routes from '../config/routes.json';
import { collectTypes } from '../src/schema/collectTypes';
import type { LayoutStore } from './layoutStore';

interface ManifestEntry {
  file: string;
  imports?: string[];
}

const VALIDATORS = 'src/schema/generated/validators/app.js';

/** Route path -> layout name, from the shared route table. */
const layoutByPath = new Map(Object.values(routes.pages).map((p) => [p.path, p.layout]));

/** JSON safe inside <script>: no "</script>" or "<!--" can close or change the block. */
function scriptSafeJson(text: string): string {
  return text.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export interface AppShell {
  html(pathname: string): Promise<string>;
}

export function createAppShell(distDir: string, layouts: LayoutStore): AppShell {
  const index = readFileSync(join(distDir, 'index.html'), 'utf8');
  let manifest: Record<string, ManifestEntry> = {};
  try {
    manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestEntry>;
  } catch {
    // No manifest: the page still works, only without preload hints.
  }
  const entryFiles = new Set<string>();
  const closure = (key: string, out: Set<string>) => {
    const entry = manifest[key];
    if (!entry || out.has(entry.file)) return;
    out.add(entry.file);
    for (const imp of entry.imports ?? []) closure(imp, out);
  };
  closure('index.html', entryFiles);
  const widgetKeys = new Map<string, string>();
  for (const key of Object.keys(manifest)) {
    const m = /^src\/widgets\/([a-z0-9-]+)\/[A-Za-z]+\.tsx$/.exec(key);
    if (m?.[1]) widgetKeys.set(m[1], key);
  }

  /** Built page per layout name, for the layout version with that ETag. */
  const built = new Map<string, { etag: string; html: string }>();

  return {
    async html(pathname) {
      const name = layoutByPath.get(pathname);
      if (!name) return index;
      let good;
      try {
        good = await layouts.load(name);
      } catch {
        return index; // the app fetches the layout itself and shows the error with Retry
      }
      if (!good) return index;
      const cached = built.get(name);
      if (cached?.etag === good.etag) return cached.html;
      const files = new Set<string>();
      closure(VALIDATORS, files);
      for (const type of collectTypes(good.doc)) {
        const key = widgetKeys.get(type);
        if (key) closure(key, files);
      }
      const links = [...files]
        .filter((f) => !entryFiles.has(f))
        .map((f) => `<link rel="modulepreload" href="/${escapeAttr(f)}">`)
        .join('');
      const data = `<script type="application/json" id="kopa-layout" data-name="${escapeAttr(name)}" data-etag="${escapeAttr(good.etag)}">${scriptSafeJson(good.body)}</script>`;
      const html = index.replace('</head>', `${links}</head>`).replace('<div id="root"></div>', `<div id="root"></div>${data}`);
      built.set(name, { etag: good.etag, html });
      return html;
    },
  };
}
