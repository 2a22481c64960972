/**
 * Compiles the reference server to one JavaScript file, dist-server/main.js, so a production
 * install runs it with plain `node` (`npm run serve`) after `npm prune --omit=dev` (issue 35).
 *
 * esbuild (already installed with vite and tsx) bundles server/ and the src/ modules it shares;
 * every package stays an import, and the build fails when one of them is not in `dependencies`:
 * a pruned install would not have it. The server reads config/, schemas/, layouts/, messages/
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
  plugins: [sourceDirname],
});

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
};
const runtime = new Set(Object.keys(pkg.dependencies ?? {}));
const imported = new Set<string>();
for (const input of Object.values(result.metafile.inputs)) {
  for (const imp of input.imports)
    if (imp.external && !imp.path.startsWith('node:')) imported.add(packageOf(imp.path));
}
const missing = [...imported].filter((p) => !runtime.has(p)).sort();
if (missing.length > 0) {
  console.error(
    `dist-server/main.js imports ${missing.join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not in package.json "dependencies": a production install (npm ci --omit=dev) would fail to start. Move ${missing.length === 1 ? 'it' : 'them'} to "dependencies".`,
  );
  process.exit(1);
}
