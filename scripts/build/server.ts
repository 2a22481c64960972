/**
 * Compiles the reference server to one JavaScript file, dist-server/main.js, so a production
 * install runs it with plain `node` (`npm run serve`) after `npm prune --omit=dev`.
 *
 * esbuild (already installed with vite and tsx) bundles server/ and the workspace packages it
 * uses (@kopa/*, TypeScript sources); every npm package stays an import, and the build fails
 * when one of them is not in the `dependencies` of @kopa/server or of a workspace it uses: a
 * pruned install would not have it. The server reads config/, schemas/, layouts/, messages/
 * and dist/ from the tree at run time, so the bundle lives one folder below the root, as the
 * sources do, and each module's `import.meta.dirname` is rewritten to its source folder.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { build, type Plugin } from 'esbuild';

const ROOT = join(import.meta.dirname, '..', '..');
const OUT_DIR = join(ROOT, 'dist-server');

/** `import.meta.dirname` of a bundled module means its source folder, not the bundle's. */
const sourceDirname: Plugin = {
  name: 'kopa-source-dirname',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.dirname')) return undefined;
      const fromBundle = relative(OUT_DIR, dirname(args.path)).split('\\').join('/');
      return {
        contents: text.replaceAll(
          'import.meta.dirname',
          `(import.meta.dirname + ${JSON.stringify(`/${fromBundle}`)})`,
        ),
        loader: 'ts',
      };
    });
  },
};

/** The workspace packages (@kopa/*) by name: their folder and their package.json. */
type Manifest = {
  name: string;
  exports?: Record<string, string>;
  dependencies?: Record<string, string>;
};
const rootManifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  workspaces: string[];
};
const workspaces = new Map<string, { dir: string; manifest: Manifest }>();
for (const dir of rootManifest.workspaces) {
  const manifest = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as Manifest;
  workspaces.set(manifest.name, { dir: join(ROOT, dir), manifest });
}

/** A workspace package is TypeScript source, which plain `node` cannot run: it goes into the bundle. */
const bundleWorkspaces: Plugin = {
  name: 'kopa-bundle-workspaces',
  setup(b) {
    b.onResolve({ filter: /^@kopa\// }, (args) => {
      const ws = workspaces.get(packageOf(args.path));
      if (!ws) return undefined;
      // The package's exports map: '.' for the name alone, './sub' for '@kopa/name/sub'.
      const subpath = `.${args.path.slice(ws.manifest.name.length)}`;
      const file = ws.manifest.exports?.[subpath];
      if (!file) return { errors: [{ text: `${ws.manifest.name} does not export ${subpath}` }] };
      return { path: join(ws.dir, file) };
    });
  },
};

/** The npm packages a production install of @kopa/server has: its own and its workspaces' dependencies. */
function productionPackages(name: string, seen = new Set<string>()): Set<string> {
  const ws = workspaces.get(name);
  if (!ws || seen.has(name)) return seen;
  seen.add(name);
  for (const dep of Object.keys(ws.manifest.dependencies ?? {})) {
    if (workspaces.has(dep)) productionPackages(dep, seen);
    else seen.add(dep);
  }
  return seen;
}

/** The package a bare import names: `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
function packageOf(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const result = await build({
  entryPoints: [join(ROOT, 'server', 'main.ts')],
  outfile: join(OUT_DIR, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [bundleWorkspaces, sourceDirname],
});

const runtime = productionPackages('@kopa/server');
const imported = new Set<string>();
for (const input of Object.values(result.metafile.inputs)) {
  for (const imp of input.imports)
    if (imp.external && !imp.path.startsWith('node:')) imported.add(packageOf(imp.path));
}
const missing = [...imported].filter((p) => !runtime.has(p)).sort();
if (missing.length > 0) {
  console.error(
    `dist-server/main.js imports ${missing.join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not in the "dependencies" of server/package.json or of a workspace it uses: a production install (npm ci --omit=dev) would fail to start. Add ${missing.length === 1 ? 'it' : 'them'} there.`,
  );
  process.exit(1);
}
