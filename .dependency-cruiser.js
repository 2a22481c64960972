/**
 * Which module may import which (npm run deps). The layers are the workspace packages: each may
 * import only the packages in its package.json `dependencies` (read from the manifests, so the
 * graph lives in one place), and only through their public entries (`exports`: index.ts and the
 * listed subpaths), by name. Inside a package the rules below keep the layers of its folders, and
 * no module may take part in an import cycle. tests/unit/deps.test.ts shows each rule failing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The workspace packages of the repository at `root`: folder, name, workspace dependencies, entries. */
export function workspacePackages(root) {
  const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const packages = rootManifest.workspaces.map((dir) => {
    const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    const exportsField = manifest.exports ?? {};
    const entries = Object.values(exportsField).map(
      (file) => `${dir}/${file.replace(/^\.\//, '')}`,
    );
    return {
      dir,
      name: manifest.name,
      dependencies: Object.keys(manifest.dependencies ?? {}),
      entries,
    };
  });
  const dirOf = new Map(packages.map((p) => [p.name, p.dir]));
  for (const p of packages)
    p.uses = p.dependencies.filter((d) => dirOf.has(d)).map((d) => dirOf.get(d));
  return packages;
}

/** A package's own folders in layers, bottom first: a folder imports none of the folders above it. */
function folderLayers(dir, layers) {
  return layers.slice(0, -1).map((layer, i) => {
    const above = layers.slice(i + 1).flat();
    const here = [layer].flat();
    return {
      name: `layers:${dir}/${here.join('+')}`,
      severity: 'error',
      comment: `In ${dir}, ${here.join(' and ')} sit below ${above.join(', ')}: they do not import them.`,
      from: { path: `^${escape(dir)}/(${here.map(escape).join('|')})(/|\\.ts$)` },
      to: { path: `^${escape(dir)}/(${above.map(escape).join('|')})(/|\\.ts$)` },
    };
  });
}

/** The rules for the repository at `root`. */
export function forbiddenRules(root) {
  const packages = workspacePackages(root);
  const rules = [];
  for (const p of packages) {
    const others = packages.filter((q) => q !== p);
    const banned = others.filter((q) => !p.uses.includes(q.dir));
    if (banned.length > 0)
      rules.push({
        name: `package:${p.name}`,
        severity: 'error',
        comment: `${p.name} imports only the workspace packages in its package.json dependencies (${p.dependencies.filter((d) => d.startsWith('@kopa/')).join(', ') || 'none'}).`,
        from: { path: `^${escape(p.dir)}/` },
        to: { path: `^(${banned.map((q) => escape(q.dir)).join('|')})/` },
      });
    rules.push({
      name: `entry:${p.name}`,
      severity: 'error',
      comment: `${p.name} imports another package only by its name and public entries (its package.json exports), never a file inside it.`,
      from: { path: `^${escape(p.dir)}/` },
      to: {
        path: `^(${others.map((q) => escape(q.dir)).join('|')})/`,
        pathNot: `^(${others
          .flatMap((q) => q.entries)
          .map(escape)
          .join('|')})$`,
      },
    });
    rules.push({
      name: `by-name:${p.name}`,
      severity: 'error',
      comment: `${p.name} imports another package by its name (@kopa/...), not by a relative path.`,
      from: { path: `^${escape(p.dir)}/` },
      to: {
        path: `^(${others.map((q) => escape(q.dir)).join('|')})/`,
        dependencyTypes: ['local'],
        dependencyTypesNot: ['aliased'],
      },
    });
  }
  rules.push(
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import cycles: each module of the packages can be read after the ones it imports.',
      from: { path: '^(src|server)/' },
      to: { circular: true },
    },
    {
      name: 'npm-not-declared',
      severity: 'error',
      comment:
        'A package imports only the npm packages its own package.json lists (a pruned install has no others).',
      from: { path: '^(src|server)/' },
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown', 'npm-dev'] },
    },
    ...folderLayers('server', [
      ['core', 'metrics'],
      'db',
      'domain',
      'demo',
      'http',
      'layouts',
      ['page', 'routes'],
      ['app', 'main'],
    ]),
    {
      name: 'layers:server/routes',
      severity: 'error',
      comment: 'The API routes (server/routes) and the layout store (server/layouts) stay apart.',
      from: { path: '^server/routes/' },
      to: { path: '^server/layouts/' },
    },
    {
      name: 'layers:src/runtime',
      severity: 'error',
      comment:
        "In src/runtime the store, bindings and scope (the package's own files) sit below actions/ and page/: they do not import them.",
      from: { path: '^src/runtime/[^/]+\\.ts$', pathNot: '^src/runtime/index\\.ts$' },
      to: { path: '^src/runtime/(actions|page)/' },
    },
    ...folderLayers('src/runtime', ['actions', 'page']),
    ...folderLayers('src/react', ['render', 'widgets']),
    ...folderLayers('src/app', ['security', ['bridge', 'http'], 'shell']),
  );
  return rules;
}

export default {
  forbidden: forbiddenRules(import.meta.dirname),
  options: {
    doNotFollow: { path: 'node_modules' },
    // dist/: the packed builds of @kopa/react and @kopa/lint (scripts/pack/buildLibrary.ts).
    exclude: { path: '(^|/)(generated|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
