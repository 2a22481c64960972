/**
 * React Router's code in the app's entry is its production build with only what the
 * app calls (Router, createPath, NavigationType, useLocation, useNavigate: src/app/shell/AppRouter.tsx): no Link, NavLink or Form, whose
 * prefetching and form-submission code every first visit carried (about 7 KB compressed).
 */
import { rolldown } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { markPureDefinitions, routerProduction } from '../../../scripts/build/routerProduction';

const ENTRY =
  "import { Router, createPath, NavigationType, useLocation, useNavigate } from 'react-router-dom'; export { Router, createPath, NavigationType, useLocation, useNavigate };";

/** Bundles what the app imports from React Router, React itself left out. */
async function bundle(withPlugin: boolean): Promise<{ code: string; modules: string[] }> {
  const build = await rolldown({
    input: 'entry',
    cwd: process.cwd(),
    external: [/^react($|\/)/, /^react-dom($|\/)/],
    plugins: [
      {
        name: 'entry',
        resolveId: (id) => (id === 'entry' ? id : null),
        load: (id) => (id === 'entry' ? ENTRY : null),
      },
      ...(withPlugin ? [routerProduction() as never] : []),
    ],
  });
  const { output } = await build.generate({ format: 'es' });
  await build.close();
  const chunks = output.flatMap((chunk) => (chunk.type === 'chunk' ? [chunk] : []));
  return {
    code: chunks.map((chunk) => chunk.code).join('\n'),
    modules: chunks.flatMap((chunk) => chunk.moduleIds),
  };
}

describe('routerProduction (build)', () => {
  it('marks top-level forwardRef, memo and createContext definitions pure and drops their devtools names', () => {
    const source = [
      'var Link = React10.forwardRef(function LinkWithRef() {});',
      'Link.displayName = "Link";',
      'var Memo = React3.memo(Inner);',
      'var RouteContext = React.createContext(null);',
      'RouteContext.displayName = "Route";',
      'var other = React.useMemo(x);',
      '  var nested = React.forwardRef(f);',
      'Link.other = "kept";',
    ].join('\n');
    expect(markPureDefinitions(source).split('\n')).toEqual([
      'var Link = /* @__PURE__ */ React10.forwardRef(function LinkWithRef() {});',
      '',
      'var Memo = /* @__PURE__ */ React3.memo(Inner);',
      'var RouteContext = /* @__PURE__ */ React.createContext(null);',
      '',
      'var other = React.useMemo(x);',
      '  var nested = React.forwardRef(f);',
      'Link.other = "kept";',
    ]);
  });

  it('bundles the production build without the form and prefetch code the app never calls', async () => {
    const [plain, trimmed] = [await bundle(false), await bundle(true)];
    const routerFiles = (modules: string[]) =>
      modules
        .filter((id) => id.includes('/react-router/dist/'))
        .map((id) => id.split('/react-router/dist/')[1]?.split('/')[0]);
    // Without the plugin: the development build, with Form and the prefetching links.
    expect(new Set(routerFiles(plain.modules))).toEqual(new Set(['development']));
    expect(plain.code).toContain('multipart/form-data');
    expect(new Set(routerFiles(trimmed.modules))).toEqual(new Set(['production']));
    expect(trimmed.code).not.toContain('multipart/form-data');
    expect(trimmed.code).not.toContain('modulepreload');
    expect(trimmed.code).toContain('function Router');
    // BrowserRouter's history (and its replaceState at start) is not in the app: AppRouter.tsx.
    expect(trimmed.code).not.toContain('function BrowserRouter');
    expect(trimmed.code.length).toBeLessThan(plain.code.length / 2);
  });
});
