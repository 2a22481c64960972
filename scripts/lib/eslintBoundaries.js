/**
 * Local ESLint plugin `kopa`: the import-boundary rules of ARCHITECTURE.md ("Layers").
 *
 * Why not no-restricted-imports: its patterns match the specifier text, so `'../http'` (an index
 * import) or `'../../src/http/client'` slipped past `**\/http/**`. These rules resolve every
 * relative specifier to a file first and judge the file's layer (its folder under src/).
 *
 * - kopa/layers:   a file in layer A may not import a layer A bans, nor a package it bans (the
 *   runtime and the linter name `react`: they must run where React is not loaded).
 * - kopa/no-cycle: no import may close a cycle, between files or between layers. There is no
 *   allowlist: src/ has no cycle, so any cycle is new and is reported at the import that closes it.
 *
 * Plain JS (not TS) because eslint.config.js imports it directly, before any TS loader exists.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Relative specifier -> absolute file, the way Vite/tsc (moduleResolution Bundler) would. */
function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), specifier.replace(/\.js$/, ''));
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every import/export-from/import() specifier of a source text, with its offset. */
function specifiersOf(text) {
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.map((f) => ({ specifier: f.fileName, pos: f.pos, end: f.end }));
}

/** Per-file cache of resolved imports, invalidated by mtime (the probe test writes files). */
const importCache = new Map();
function importsOfFile(file) {
  const mtime = statSync(file).mtimeMs;
  const hit = importCache.get(file);
  if (hit && hit.mtime === mtime) return hit.targets;
  const targets = specifiersOf(readFileSync(file, 'utf8'))
    .map((s) => resolveSpecifier(file, s.specifier))
    .filter((t) => t !== null);
  importCache.set(file, { mtime, targets });
  return targets;
}

function listSources(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) listSources(full, out);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const rel = (root, file) => relative(root, file).split(sep).join('/');

/**
 * Layer of a file: its first folder under src/ (`http`, `runtime`, ...); under server/, `server/`
 * and its first folder (`server/lib`, ...), or `server` for the files at its root (app.ts,
 * main.ts). Null elsewhere (tests, scripts).
 */
function layerOf(root, file) {
  const parts = rel(root, file).split('/');
  if (parts[0] === 'src' && parts.length > 2) return parts[1];
  if (parts[0] === 'server') return parts.length > 2 ? `server/${parts[1]}` : 'server';
  return null;
}

/** The trees the cycle rule covers: the app and the server, as one graph (they share src/contract, src/prelude). */
const TREES = ['src', 'server'];
const inTrees = (root, file) => TREES.some((t) => rel(root, file).startsWith(`${t}/`));

function currentImports(context) {
  const file = context.filename;
  return specifiersOf(context.sourceCode.text)
    .map((s) => ({ ...s, target: resolveSpecifier(file, s.specifier) }))
    .filter((s) => s.target !== null);
}

function report(context, imp, message) {
  const { sourceCode } = context;
  context.report({
    loc: { start: sourceCode.getLocFromIndex(imp.pos), end: sourceCode.getLocFromIndex(imp.end) },
    message,
  });
}

const layersRule = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', additionalProperties: true }],
    docs: {
      description:
        'Layers import only what ARCHITECTURE.md allows (resolved, so index imports count).',
    },
  },
  create(context) {
    const { root, layers } = context.options[0];
    const from = layerOf(root, context.filename);
    const rule = from && layers[from];
    if (!rule) return {};
    const packages = rule.packages ?? [];
    return {
      Program() {
        for (const imp of specifiersOf(context.sourceCode.text)) {
          const name = packages.find(
            (p) => imp.specifier === p || imp.specifier.startsWith(`${p}/`),
          );
          if (name)
            report(context, imp, `'${imp.specifier}' is the package ${name}: ${rule.message}`);
        }
        for (const imp of currentImports(context)) {
          const to = layerOf(root, imp.target);
          if (to === from) continue;
          // '*' = this layer imports nothing of ours (src/expr); otherwise a list of banned layers.
          const banned = rule.banned === '*' || rule.banned.includes(to);
          if (banned)
            report(
              context,
              imp,
              `'${imp.specifier}' resolves to ${rel(root, imp.target)} (layer ${to ?? 'outside src'}): ${rule.message}`,
            );
        }
      },
    };
  },
};

/** Shortest path from `start` to `goal` over `next`, or null. */
function findPath(start, goal, next) {
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === goal) {
      const path = [];
      for (let n = node; n !== null; n = prev.get(n)) path.unshift(n);
      return path;
    }
    for (const n of next(node)) {
      if (!prev.has(n)) {
        prev.set(n, node);
        queue.push(n);
      }
    }
  }
  return null;
}

const noCycleRule = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', additionalProperties: true }],
    docs: { description: 'No import cycles between files or layers.' },
  },
  create(context) {
    const { root } = context.options[0];
    const self = context.filename;
    if (!inTrees(root, self)) return {};
    return {
      Program() {
        const mine = currentImports(context);
        // The file being linted uses its in-editor text; every other file is read from disk.
        const edges = (file) =>
          file === self ? mine.map((i) => i.target) : existsSync(file) ? importsOfFile(file) : [];
        // Layer graph over all of src/ and server/, built from the same file edges.
        const layerEdges = new Map();
        const files = new Set(TREES.flatMap((t) => listSources(join(root, t))));
        files.add(self);
        for (const file of files) {
          const a = layerOf(root, file);
          for (const t of edges(file)) {
            const b = layerOf(root, t);
            if (a && b && a !== b)
              (layerEdges.get(a) ?? layerEdges.set(a, new Set()).get(a)).add(b);
          }
        }
        const fromLayer = layerOf(root, self);
        for (const imp of mine) {
          const filePath = findPath(imp.target, self, edges);
          if (filePath) {
            report(
              context,
              imp,
              `Import cycle: ${[self, ...filePath].map((f) => rel(root, f)).join(' -> ')}`,
            );
            continue;
          }
          const toLayer = layerOf(root, imp.target);
          if (!fromLayer || !toLayer || fromLayer === toLayer) continue;
          const layerPath = findPath(toLayer, fromLayer, (l) => layerEdges.get(l) ?? []);
          if (layerPath)
            report(
              context,
              imp,
              `Layer cycle: ${[fromLayer, ...layerPath].join(' -> ')} (this import adds ${fromLayer} -> ${toLayer})`,
            );
        }
      },
    };
  },
};

export default { rules: { layers: layersRule, 'no-cycle': noCycleRule } };
