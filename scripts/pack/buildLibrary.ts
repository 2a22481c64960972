/**
 * tsx scripts/pack/buildLibrary.ts <package folder>   The packed build of @kopa/react or
 * @kopa/lint into <folder>/dist: ES modules (the widget chunks stay chunks), one style.css of the
 * widgets' stylesheets, and one bundled index.d.ts. The private packages below them (expr,
 * format, contract, runtime) are bundled in, so only npm packages stay imports: their own
 * dependencies and the ones of the packages bundled in (publishManifest.ts lists them).
 * @kopa/lint also gets its `kopa-lint` command (bin.js) and the schemas it reads at run time.
 */
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, type Plugin } from 'rolldown';
import { dts } from 'rolldown-plugin-dts';
import { npmDependencies, readManifest } from './publishManifest';

const ROOT = join(import.meta.dirname, '..', '..');
/** Only the packages that may be bundled: the declarations are made for these files alone. */
const LIB_TSCONFIG = join(import.meta.dirname, 'tsconfig.lib.json');

/** The widgets' stylesheets as one dist/style.css (rolldown bundles no CSS), in a stable order. */
function collectCss(): Plugin {
  const sheets = new Map<string, string>();
  return {
    name: 'kopa-collect-css',
    load(id) {
      if (!id.endsWith('.css')) return null;
      sheets.set(id, readFileSync(id, 'utf8'));
      return { code: 'export {};', moduleType: 'js', moduleSideEffects: false };
    },
    generateBundle() {
      if (sheets.size === 0) return;
      const ids = [...sheets.keys()].sort();
      const source = ids
        .map((id) => `/* ${id.slice(ROOT.length + 1)} */\n${sheets.get(id)}`)
        .join('\n');
      this.emitFile({ type: 'asset', fileName: 'style.css', source });
    },
  };
}

export async function buildLibrary(dir: string): Promise<void> {
  const manifest = readManifest(dir);
  const node = manifest.name === '@kopa/lint';
  const outDir = join(dir, 'dist');
  rmSync(outDir, { recursive: true, force: true });
  const npm = Object.keys({ ...npmDependencies(dir), ...manifest.peerDependencies });
  const external = (id: string) =>
    npm.some((name) => id === name || id.startsWith(`${name}/`)) || id.startsWith('node:');
  const input: Record<string, string> = { index: join(dir, 'index.ts') };
  if (node) input.bin = join(dir, 'bin.ts');
  await build({
    input,
    external,
    platform: node ? 'node' : 'browser',
    cwd: ROOT,
    tsconfig: join(ROOT, 'tsconfig.json'),
    transform: node ? { define: { __KOPA_LINT_PACKED__: 'true' } } : {},
    plugins: [collectCss()],
    // format's per-language catalogues are chunks in the app; in a library one import is fine.
    checks: { pluginTimings: false, ineffectiveDynamicImport: false },
    output: {
      dir: outDir,
      format: 'esm',
      sourcemap: true,
      banner: (chunk) => (chunk.name === 'bin' ? '#!/usr/bin/env node' : ''),
    },
  });
  await build({
    input: { index: join(dir, 'index.ts') },
    external,
    cwd: ROOT,
    tsconfig: join(ROOT, 'tsconfig.json'),
    plugins: [collectCss(), dts({ tsconfig: LIB_TSCONFIG, emitDtsOnly: true, eager: true })],
    checks: { pluginTimings: false },
    output: { dir: outDir, format: 'esm' },
  });
  if (node) cpSync(join(ROOT, 'schemas'), join(outDir, 'schemas'), { recursive: true });
}

if (process.argv[1] === import.meta.filename) await buildLibrary(resolve(process.argv[2] ?? '.'));
