// @vitest-environment node
/**
 * Probes for the import rules (npm run deps: dependency-cruiser with .dependency-cruiser.js): each
 * probe is a small file placed in a package and checked with the project's real rules, so a rule
 * that silently stops matching fails here. The probes are removed after the run.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const tag = `${process.pid}_${Date.now()}`;

/** Probe files by name: where each goes and what it imports. */
const PROBES = {
  exprImportsFormat: ['src/expr', "import '@kopa/format';\n"],
  exprImportsReact: ['src/expr', "import 'react';\n"],
  runtimeDeepRelative: ['src/runtime', "import '../expr/parser';\n"],
  lintImportsFormat: ['src/lint', "import '@kopa/format';\n"],
  lintImportsBelow: ['src/lint', "import '@kopa/expr';\nimport '@kopa/contract';\n"],
  cycleA: ['src/format', `import './__probe_cycleB_${tag}';\nexport const a = 1;\n`],
  cycleB: ['src/format', `import './__probe_cycleA_${tag}';\nexport const b = 1;\n`],
  coreImportsDb: ['server/core', "import '../db/types';\n"],
  routesImportLayouts: ['server/routes', "import '../layouts/check';\n"],
} as const;
type Probe = keyof typeof PROBES;
const pathOf = (name: Probe): string => `${PROBES[name][0]}/__probe_${name}_${tag}.ts`;

let violations: { from: string; to: string; rule: { name: string } }[] = [];
/** The rules a probe broke, sorted: "rule -> target". */
function broken(name: Probe): string[] {
  return violations
    .filter((v) => v.from === pathOf(name))
    .map((v) => `${v.rule.name} -> ${v.to}`)
    .sort();
}

beforeAll(() => {
  for (const name of Object.keys(PROBES) as Probe[])
    writeFileSync(join(ROOT, pathOf(name)), PROBES[name][1]);
  const run = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
      '--config',
      '.dependency-cruiser.js',
      '--output-type',
      'json',
      ...(Object.keys(PROBES) as Probe[]).map(pathOf),
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  violations = JSON.parse(run.stdout).summary.violations;
});

afterAll(() => {
  for (const name of Object.keys(PROBES) as Probe[])
    rmSync(join(ROOT, pathOf(name)), { force: true });
});

describe('the package graph', () => {
  it('stops a package importing a workspace it does not depend on', () => {
    expect(broken('exprImportsFormat')).toEqual(['package:@kopa/expr -> src/format/index.ts']);
    expect(broken('lintImportsFormat')).toEqual(['package:@kopa/lint -> src/format/index.ts']);
  });

  it('stops a package importing an npm package its package.json does not list', () => {
    expect(broken('exprImportsReact')).toEqual(['npm-not-declared -> node_modules/react/index.js']);
  });

  it('stops a relative import into another package, even one it depends on', () => {
    expect(broken('runtimeDeepRelative')).toEqual([
      'by-name:@kopa/runtime -> src/expr/parser.ts',
      'entry:@kopa/runtime -> src/expr/parser.ts',
    ]);
  });

  it('lets a package import the packages it depends on, by name', () => {
    expect(broken('lintImportsBelow')).toEqual([]);
  });
});

describe('inside a package', () => {
  it('reports an import cycle', () => {
    expect(broken('cycleA')).toEqual([`no-circular -> ${pathOf('cycleB')}`]);
  });

  it("keeps the server's layers: core below db, the API routes off the layout store", () => {
    expect(broken('coreImportsDb')).toEqual(['layers:server/core+metrics -> server/db/types.ts']);
    expect(broken('routesImportLayouts')).toEqual([
      'layers:server/routes -> server/layouts/check.ts',
    ]);
  });
});
