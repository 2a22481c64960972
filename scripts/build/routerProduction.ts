/**
 * Vite plugin: React Router as a production build would have it (bytes on every first
 * visit).
 *
 * - React Router 7's package exports point every bundler at its development build, whose only
 *   difference is `ENABLE_DEV_WARNINGS = true` (remix-run/react-router#12532, #14102); the
 *   production build beside it is used instead.
 * - Its components are made at the top level by `React.forwardRef(...)`, `React.memo(...)` and
 *   `React.createContext(...)` calls without a `@__PURE__` mark, so the bundler keeps every one
 *   it cannot prove unused: Link, NavLink and Form, with the prefetching and form-submission code
 *   they call, though the app uses none of them. Those three calls only build a value, so they
 *   are marked pure here (and their devtools names dropped), so an unused one goes.
 */
import { join } from 'node:path';
import type { Plugin } from 'vite';

const PURE_DEFINITION = /^(var [\w$]+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm;
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

/**
 * The source with the top-level component and context definitions marked pure, and their
 * `displayName` assignments (names for React's developer tools, which a production build does
 * not name) left out: a property write at the top level would keep its object.
 */
export function markPureDefinitions(code: string): string {
  return code.replace(PURE_DEFINITION, '$1/* @__PURE__ */ $2').replace(DISPLAY_NAME, '');
}

export function routerProduction(): Plugin {
  const development = join('react-router', 'dist', 'development');
  const production = join('react-router', 'dist', 'production');
  return {
    name: 'kopa-router-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && source !== 'react-router/dom') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !resolved.id.includes(development)) return resolved;
      return { ...resolved, id: resolved.id.replace(development, production) };
    },
    transform(code, id) {
      if (!id.includes(production) || !id.endsWith('.mjs')) return null;
      return { code: markPureDefinitions(code), map: null };
    },
  };
}
