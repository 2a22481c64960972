/**
 * The package.json a packed @kopa/react or @kopa/lint carries. In the repository their `exports`
 * name TypeScript sources (every workspace resolves them so); npm pack does not apply
 * `publishConfig` the way pnpm and yarn do, so `prepack` writes the published manifest (the
 * source's `publishConfig` applied, the private @kopa packages dropped because they are bundled
 * in, their npm dependencies added) and `postpack` puts the source one back.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const SAVED = '.package.source.json';

interface Manifest {
  name: string;
  private?: boolean;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  publishConfig?: Record<string, unknown>;
  scripts?: Record<string, string>;
  [key: string]: unknown;
}

export const readManifest = (dir: string): Manifest =>
  JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

/** The workspace folder of each @kopa package, by name. */
function workspaceDirs(): Map<string, string> {
  const root = readManifest(ROOT) as Manifest & { workspaces: string[] };
  return new Map(root.workspaces.map((w) => [readManifest(join(ROOT, w)).name, join(ROOT, w)]));
}

/** The npm dependencies of a package and of every workspace package it bundles in. */
export function npmDependencies(dir: string): Record<string, string> {
  const dirs = workspaceDirs();
  const out: Record<string, string> = {};
  const seen = new Set<string>();
  const visit = (at: string) => {
    for (const [name, range] of Object.entries(readManifest(at).dependencies ?? {})) {
      const inner = dirs.get(name);
      if (inner === undefined) out[name] ??= range;
      else if (!seen.has(name)) {
        seen.add(name);
        visit(inner);
      }
    }
  };
  visit(dir);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

export function publishedManifest(dir: string): Manifest {
  const { publishConfig = {}, scripts: _scripts, private: _private, ...source } = readManifest(dir);
  return { ...source, ...publishConfig, dependencies: npmDependencies(dir) };
}

/** prepack: keep the source manifest aside and write the published one. */
export function writePublished(dir: string): void {
  const published = publishedManifest(dir);
  if (!existsSync(join(dir, SAVED))) renameSync(join(dir, 'package.json'), join(dir, SAVED));
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(published, null, 2)}\n`);
}

/** postpack (and any run that failed half-way): the source manifest back. */
export function restoreSource(dir: string): void {
  if (existsSync(join(dir, SAVED))) renameSync(join(dir, SAVED), join(dir, 'package.json'));
}

const [command, target] = process.argv.slice(2);
if (process.argv[1] === import.meta.filename) {
  if (command === 'restore') restoreSource(resolve(target ?? '.'));
  else if (command === 'write') writePublished(resolve(target ?? '.'));
}
