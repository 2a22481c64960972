/**
 * Reads the fragment files (`layouts/_fragments/<name>.json`) for the validator, the server and
 * the tests; the expansion itself is src/contract/layout/fragments.ts (pure, no file system). Re-read
 * when a file changes (mtime and size), so `npm run validate` and the server see an edit at once.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The repository's fragments. */
export const FRAGMENTS_DIR = join(import.meta.dirname, '..', '..', '..', 'layouts', '_fragments');

const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export interface LoadedFragments {
  dir: string;
  /** name -> parsed file (a file that is not JSON is left out and listed in `broken`). */
  files: Readonly<Record<string, unknown>>;
  /** name -> file text, for line:column of a pointer into a fragment. */
  texts: ReadonlyMap<string, string>;
  /** Files that could not be read or parsed, with why. */
  broken: readonly { name: string; message: string }[];
}

const cache = new Map<string, { stamp: string; loaded: LoadedFragments }>();

/** Every `<name>.json` of `dir` (none when it does not exist). */
export function loadFragmentFiles(dir: string = FRAGMENTS_DIR): LoadedFragments {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((f) => f.endsWith('.json') && NAME.test(f.slice(0, -5)))
      .sort();
  } catch {
    names = [];
  }
  const stamps = names.map((f) => {
    try {
      const st = statSync(join(dir, f));
      return `${f}:${st.mtimeMs}:${st.size}`;
    } catch {
      return `${f}:gone`;
    }
  });
  const stamp = stamps.join('|');
  const hit = cache.get(dir);
  if (hit && hit.stamp === stamp) return hit.loaded;
  const files: Record<string, unknown> = {};
  const texts = new Map<string, string>();
  const broken: { name: string; message: string }[] = [];
  for (const f of names) {
    const name = f.slice(0, -5);
    try {
      const text = readFileSync(join(dir, f), 'utf8');
      texts.set(name, text);
      files[name] = JSON.parse(text) as unknown;
    } catch (e) {
      broken.push({ name, message: e instanceof Error ? e.message : String(e) });
      // Known but unusable: a use of it says why instead of "unknown fragment".
      files[name] = null;
    }
  }
  const loaded: LoadedFragments = { dir, files, texts, broken };
  cache.set(dir, { stamp, loaded });
  return loaded;
}
