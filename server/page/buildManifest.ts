/**
 * What the page needs from the client build's manifest: the files a chunk pulls in (for
 * modulepreload links), the entry's own files (never preloaded twice), the early script's file and
 * each widget type's chunk.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestEntry {
  file: string;
  imports?: string[];
}

const EARLY = 'src/app/shell/early.ts';

export interface BuildManifest {
  /** Adds the files of chunk `key` and of everything it imports to `out` (nothing for an absent key). */
  closure(key: string, out: Set<string>): void;
  /** The files the entry (index.html) loads itself. */
  readonly entryFiles: ReadonlySet<string>;
  /** The early script's built file, if the build has one. */
  readonly earlyFile: string | undefined;
  /** Widget type -> the manifest key of its chunk. */
  readonly widgetKeys: ReadonlyMap<string, string>;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

function widgetKeysOf(distDir: string, manifest: Record<string, ManifestEntry>) {
  const widgetKeys = new Map<string, string>();
  // Widgets grouped into one chunk have no manifest key of their own (scripts/build/widgetChunks.ts);
  // an older build has no such file: every widget has its own manifest entry.
  const grouped = readJson<Record<string, string>>(join(distDir, '.vite', 'widget-chunks.json'));
  for (const [type, key] of Object.entries(grouped ?? {})) widgetKeys.set(type, key);
  for (const key of Object.keys(manifest)) {
    const m = /^src\/react\/widgets\/([a-z0-9-]+)\/[A-Za-z]+\.tsx$/.exec(key);
    if (m?.[1]) widgetKeys.set(m[1], key);
  }
  return widgetKeys;
}

export function readBuildManifest(distDir: string): BuildManifest {
  // No manifest: the page still works, only without preload hints.
  const manifest =
    readJson<Record<string, ManifestEntry>>(join(distDir, '.vite', 'manifest.json')) ?? {};
  const closure = (key: string, out: Set<string>) => {
    const entry = manifest[key];
    if (!entry || out.has(entry.file)) return;
    out.add(entry.file);
    for (const imp of entry.imports ?? []) closure(imp, out);
  };
  const entryFiles = new Set<string>();
  closure('index.html', entryFiles);
  return {
    closure,
    entryFiles,
    earlyFile: manifest[EARLY]?.file,
    widgetKeys: widgetKeysOf(distDir, manifest),
  };
}
