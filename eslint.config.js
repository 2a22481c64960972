import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import kopa from './scripts/lib/eslintBoundaries.js';

/**
 * Layers may import only downwards (ARCHITECTURE.md): each entry bans the layers above. Specifiers
 * are resolved to files first (scripts/lib/eslintBoundaries.js), so `'../http'` counts as http.
 */
const layers = {
  expr: { banned: '*', message: 'src/expr is pure: it imports nothing of ours.' },
  contract: { banned: ['expr', 'http', 'bridge', 'format', 'security', 'actions', 'render', 'widgets', 'lint', 'shell', 'studio', 'sw'], message: 'src/contract is what client and server share (endpoint types, result types, view rules): it imports only the generated schema types.' },
  http: { banned: ['render', 'widgets', 'shell', 'actions'], message: 'Host modules do not know the renderer.' },
  bridge: { banned: ['render', 'widgets', 'shell', 'actions'], message: 'Host modules do not know the renderer.' },
  format: { banned: ['render', 'widgets', 'shell', 'actions'], message: 'Host modules do not know the renderer.' },
  security: { banned: ['render', 'widgets', 'shell', 'actions'], message: 'Host modules do not know the renderer.' },
  actions: { banned: ['widgets', 'shell', 'http', 'bridge'], message: 'Actions reach HTTP and the bridge through the injected env.' },
  render: { banned: ['shell', 'http', 'bridge'], message: 'The renderer reaches the host through the injected env.' },
  widgets: { banned: ['shell', 'http', 'bridge', 'actions', 'security'], message: 'Widgets trigger actions; they never call HTTP or the bridge.' },
};

/**
 * Import edges that close a cycle TODAY (issue 12), left out of the cycle check so that any new
 * cycle fails lint. Remove an entry when its cycle is broken; never add one.
 */
const knownCycleEdges = [
  // render imports the widget registry (NodeView -> widgetCache -> registry -> widgets -> NodeView).
  'src/render/widgetCache.ts -> src/widgets/registry.ts',
  // actions and render import each other (actions take PageRuntime, resolve, env from render/).
  'src/actions/run.ts -> src/render/contexts.ts',
  'src/actions/countdown.ts -> src/render/contexts.ts',
  'src/actions/types.ts -> src/render/contexts.ts',
  'src/actions/resolveIn.ts -> src/render/resolve.ts',
  'src/actions/http.ts -> src/render/env.ts',
  'src/actions/http.ts -> src/render/session.ts',
  // the linter imports render/ (expression functions, pointer escaping), and schema/ imports lint/.
  'src/lint/semantic.ts -> src/render/exprFunctions.ts',
  'src/lint/semantic.ts -> src/render/resolve.ts',
  'src/schema/validateLayout.ts -> src/lint/messages.ts',
  'src/schema/validateLayout.ts -> src/lint/responseSchemas.ts',
  'src/schema/validateLayout.ts -> src/lint/semantic.ts',
];

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
      'kopa/no-cycle': ['error', { root: import.meta.dirname, knownCycleEdges }],
    },
  },
);
