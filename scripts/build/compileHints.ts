/**
 * Vite plugin: marks the entry chunk for eager compilation (V8's explicit compile hints, the
 * `//# allFunctionsCalledOnLoad` magic comment, Chromium 136 and later; other engines ignore a
 * comment). Nearly every function of the entry (React DOM, the router, the renderer) runs while
 * the first screen starts, and V8 otherwise compiles each one lazily on the main thread at its
 * first call: about a tenth of a second for React DOM's CommonJS wrapper on a 4x slower CPU
 *. With the hint the file is compiled while it streams in, off the main thread.
 * Terser drops the parentheses rolldown puts around that wrapper for the same purpose, which is
 * why the hint is needed here and not in a default (oxc-minified) build.
 */
import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * The chunks a first screen runs as soon as they are in: the entry (the one index.html loads), the
 * chunks it imports statically (they run before it: the config and message functions rolldown
 * keeps apart from the entry, ~2.5 ms of lazy compiles at 4x in `npm run bench:profile`),
 * the early script (its own build, scripts/build/earlyScript.ts), the
 * shared widgets chunk (vite.config.ts) and the response checks (src/contract/schema/generated/validators/
 * responses/: one large function each, called on the data's arrival; compiled lazily, its compile
 * showed as ~5 ms of the data's handling at 4x). Other lazy chunks compile as they are used.
 */
function runsAtOnce(
  chunk: { isEntry: boolean; name: string; fileName: string; facadeModuleId: string | null },
  entryImports: ReadonlySet<string>,
): boolean {
  if (chunk.isEntry)
    return /\/(index\.html|src\/app\/shell\/early\.ts)$/.test(chunk.facadeModuleId ?? '');
  return (
    entryImports.has(chunk.fileName) ||
    chunk.name === 'widgets' ||
    /\/validators\/responses\/[^/]+\.js$/.test(chunk.facadeModuleId ?? '')
  );
}

/** The chunks the page's entry (index.html's) imports statically. */
function importsOfEntry(bundle: OutputBundle): Set<string> {
  const imports = new Set<string>();
  for (const chunk of Object.values(bundle)) {
    if (
      chunk.type === 'chunk' &&
      chunk.isEntry &&
      /\/index\.html$/.test(chunk.facadeModuleId ?? '')
    )
      for (const name of chunk.imports) imports.add(name);
  }
  return imports;
}

/** Puts the hint at the top of the chunks that run at once (runsAtOnce). */
export function addCompileHint(bundle: OutputBundle): void {
  const entryImports = importsOfEntry(bundle);
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !runsAtOnce(chunk, entryImports)) continue;
    chunk.code = COMPILE_HINT + chunk.code;
    // The source map's lines move down by one with the code (the map is a file of its own by now).
    const map = bundle[`${chunk.fileName}.map`];
    if (map?.type === 'asset' && typeof map.source === 'string') {
      const parsed = JSON.parse(map.source) as { mappings: string };
      map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
    }
  }
}

export function compileHints(): Plugin {
  return {
    name: 'kopa-compile-hints',
    apply: 'build',
    // Last: Vite's own generateBundle work puts its preload helper at the top of the chunk.
    enforce: 'post',
    generateBundle: { order: 'post', handler: (_options, bundle) => addCompileHint(bundle) },
  };
}
