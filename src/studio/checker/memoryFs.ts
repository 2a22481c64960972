/**
 * `node:fs` for the checker in the studio's Web Worker (aliased in scripts/build/studio.ts): the
 * few reads @kopa/lint makes, answered from the files bundled with the worker (bundledFiles.ts).
 * Read-only; a file that is not bundled is missing, as on disk.
 */
import { BUNDLED_FILES } from './bundledFiles';
import { repoPath } from './repoPath';

function missing(path: string): Error {
  return Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), {
    code: 'ENOENT',
  });
}

export function readFileSync(path: string): string {
  const text = BUNDLED_FILES.get(repoPath(path));
  if (text === undefined) throw missing(path);
  return text;
}

export function existsSync(path: string): boolean {
  const key = repoPath(path);
  return BUNDLED_FILES.has(key) || [...BUNDLED_FILES.keys()].some((k) => k.startsWith(`${key}/`));
}

export function readdirSync(path: string): string[] {
  const prefix = `${repoPath(path)}/`;
  const names = new Set<string>();
  for (const key of BUNDLED_FILES.keys())
    if (key.startsWith(prefix)) names.add(key.slice(prefix.length).split('/')[0] ?? '');
  if (names.size === 0) throw missing(path);
  return [...names].sort();
}

/** Bundled files never change: one stamp for all. */
export function statSync(path: string): { mtimeMs: number; size: number } {
  return { mtimeMs: 0, size: readFileSync(path).length };
}
