/**
 * Vite's preload lists for dynamic imports, without the chunks the importing chunk already has.
 *
 * For `import('./widgets-x.js')` in the entry, Vite lists the chunk and everything it imports
 * (here `widgets-x.js` and `messages-x.js`), and its preload helper resolves each URL and looks
 * for a link to it in the page before the import starts. A chunk the importer imports statically
 * (directly or not) was loaded before the importer ran, so that work is for nothing; and when
 * only the imported chunk itself is left, `import()` fetches it anyway. On /repay that was ~5 ms
 * of the helper at 4x CPU before the first screen (`npm run bench:profile`), for
 * widget imports that all came down to "already there". The lists of chunks that need other
 * chunks still list them, beside the imported one, so those start in parallel as before.
 */
import type { OutputBundle } from 'rolldown';
import type { Plugin, ResolveModulePreloadDependenciesFn } from 'vite';

/** `host` and every chunk it imports statically, directly or through others. */
export function staticClosure(bundle: OutputBundle, host: string): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') for (const next of chunk.imports) visit(next);
  };
  visit(host);
  return seen;
}

/** The deps worth preloading for `imported`, given what its importer has already loaded. */
export function depsToPreload(
  imported: string,
  deps: readonly string[],
  loaded: ReadonlySet<string>,
): string[] {
  const needed = deps.filter((dep) => !loaded.has(dep));
  return needed.length === 1 && needed[0] === imported ? [] : needed;
}

/** The plugin keeps the bundle at hand for `resolveDependencies` (build.modulePreload in vite.config.ts). */
export function preloadDeps(): {
  plugin: Plugin;
  resolveDependencies: ResolveModulePreloadDependenciesFn;
} {
  let bundle: OutputBundle | null = null;
  const closures = new Map<string, Set<string>>();
  return {
    plugin: {
      name: 'kopa-preload-deps',
      apply: 'build',
      // Before Vite's own generateBundle, which writes the preload lists and asks resolveDependencies.
      generateBundle: {
        order: 'pre',
        handler(_options, current) {
          bundle = current;
          closures.clear();
        },
      },
    },
    resolveDependencies(imported, deps, { hostId, hostType }) {
      if (hostType !== 'js' || !bundle) return deps;
      let loaded = closures.get(hostId);
      if (!loaded) {
        loaded = staticClosure(bundle, hostId);
        closures.set(hostId, loaded);
      }
      return depsToPreload(imported, deps, loaded);
    },
  };
}
