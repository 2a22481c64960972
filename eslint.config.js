import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import kopa from './scripts/lib/eslintBoundaries.js';

/**
 * Layers may import only downwards (ARCHITECTURE.md): each entry bans the layers above. Specifiers
 * are resolved to files first (scripts/lib/eslintBoundaries.js), so `'../http'` counts as http.
 */
const REACT = ['react', 'react-dom', 'react-router-dom'];
const layers = {
  expr: { banned: '*', message: 'src/expr is pure: it imports nothing of ours.' },
  contract: { banned: ['expr', 'http', 'bridge', 'format', 'security', 'runtime', 'actions', 'page', 'render', 'widgets', 'lint', 'shell', 'studio', 'sw'], message: 'src/contract is what client and server share (endpoint types, result types, view rules): it imports only the generated schema types.' },
  http: { banned: ['runtime', 'actions', 'page', 'render', 'widgets', 'shell'], message: 'Host modules do not know the renderer.' },
  bridge: { banned: ['runtime', 'actions', 'page', 'render', 'widgets', 'shell'], message: 'Host modules do not know the renderer.' },
  format: { banned: ['runtime', 'actions', 'page', 'render', 'widgets', 'shell'], message: 'Host modules do not know the renderer.' },
  security: { banned: ['runtime', 'actions', 'page', 'render', 'widgets', 'shell'], message: 'Host modules do not know the renderer.' },
  runtime: { banned: ['actions', 'page', 'render', 'widgets', 'shell', 'studio', 'lint', 'http', 'bridge'], packages: REACT, message: 'src/runtime is below actions and the renderer, and runs without React: the env, page store, bindings, scope, session.' },
  actions: { banned: ['page', 'render', 'widgets', 'shell', 'http', 'bridge'], packages: REACT, message: 'Actions use the runtime only (no renderer, no React) and reach HTTP and the bridge through the injected env.' },
  page: { banned: ['render', 'widgets', 'shell', 'http', 'bridge'], packages: REACT, message: 'src/page is the page lifecycle below the renderer: no React, the host only through the env.' },
  render: { banned: ['widgets', 'shell', 'http', 'bridge'], message: 'The renderer reaches the host through the injected env, and the widgets through the source the shell injects.' },
  lint: { banned: ['actions', 'page', 'render', 'widgets', 'shell', 'studio', 'http', 'bridge'], packages: REACT, message: 'The layout linter runs in Node (npm run validate, the server, the studio checks): no React, no renderer; only the pure runtime pieces (expression functions, pointers).' },
  schema: { banned: ['runtime', 'actions', 'page', 'render', 'widgets', 'shell', 'studio', 'lint', 'http', 'bridge'], packages: REACT, message: 'src/schema holds the generated types and validators and the layout limits: everything imports it, it imports none of the app.' },
  widgets: { banned: ['page', 'shell', 'http', 'bridge', 'actions', 'security'], message: 'Widgets trigger actions; they never call HTTP or the bridge.' },
};


const NO_HTML = { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Do not set HTML: build React elements (rich-text renders a sanitised element tree).' };

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'node_modules/**', 'src/schema/generated/**', 'data/**', 'test-results/**', 'artifacts/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-restricted-syntax': [
        'error',
        NO_HTML,
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // Playwright fixtures call their callback `use`; it is not React's hook.
  { files: ['tests/e2e/**'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
  // A getBy/findBy query already fails when nothing matches: wrapping it in toBeTruthy() asserts nothing more.
  {
    files: ['tests/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_HTML,
        ...['callee.object.arguments.0.callee.property.name', 'callee.object.arguments.0.argument.callee.property.name'].map((path) => ({
          selector: `CallExpression[callee.property.name='toBeTruthy'][${path}=/^(get|find)(All)?By/]`,
          message: 'The query itself asserts presence: write `screen.getByText(...)` / `await screen.findByText(...)` alone.',
        })),
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { kopa },
    rules: {
      'kopa/layers': ['error', { root: import.meta.dirname, layers }],
      // No allowlist: the last known cycles were broken in issue 12 (docs/decisions/009-layers-that-hold.md).
      'kopa/no-cycle': ['error', { root: import.meta.dirname }],
    },
  },
);
