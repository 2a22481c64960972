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
/** The server's layers: no file of src/ may import one. */
const SERVER = [
  'server',
  'server/core',
  'server/db',
  'server/lib',
  'server/demo',
  'server/http',
  'server/layouts',
  'server/prelude',
  'server/routes',
];
/** The browser's own layers (the DOM, React, the page runtime): the server imports none of them. */
const BROWSER = [
  'http',
  'bridge',
  'security',
  'runtime',
  'actions',
  'page',
  'render',
  'widgets',
  'shell',
  'studio',
  'sw',
];

/** The host modules (the network, the native bridge, formats, URL checks) sit below the renderer. */
const HOST_MODULE = {
  banned: ['runtime', 'actions', 'page', 'render', 'widgets', 'shell'],
  message: 'Host modules do not know the renderer.',
};
const layers = {
  expr: { banned: '*', message: 'src/expr is pure: it imports nothing of ours.' },
  contract: {
    banned: ['expr', 'format', 'lint', ...BROWSER],
    message:
      'src/contract is what client and server share (endpoint types, result types, view rules): it imports only the generated schema types.',
  },
  http: HOST_MODULE,
  bridge: HOST_MODULE,
  format: HOST_MODULE,
  security: HOST_MODULE,
  runtime: {
    banned: ['actions', 'page', 'render', 'widgets', 'shell', 'studio', 'lint', 'http', 'bridge'],
    packages: REACT,
    message:
      'src/runtime is below actions and the renderer, and runs without React: the env, page store, bindings, scope, session.',
  },
  actions: {
    banned: ['page', 'render', 'widgets', 'shell', 'http', 'bridge'],
    packages: REACT,
    message:
      'Actions use the runtime only (no renderer, no React) and reach HTTP and the bridge through the injected env.',
  },
  page: {
    banned: ['render', 'widgets', 'shell', 'http', 'bridge'],
    packages: REACT,
    message:
      'src/page is the page lifecycle below the renderer: no React, the host only through the env.',
  },
  render: {
    banned: ['widgets', 'shell', 'http', 'bridge'],
    message:
      'The renderer reaches the host through the injected env, and the widgets through the source the shell injects.',
  },
  lint: {
    banned: ['actions', 'page', 'render', 'widgets', 'shell', 'studio', 'http', 'bridge'],
    packages: REACT,
    message:
      'The layout linter runs in Node (npm run validate, the server, the studio checks): no React, no renderer; only the pure runtime pieces (expression functions, pointers).',
  },
  schema: {
    banned: [
      'runtime',
      'actions',
      'page',
      'render',
      'widgets',
      'shell',
      'studio',
      'lint',
      'http',
      'bridge',
    ],
    packages: REACT,
    message:
      'src/schema holds the generated types and validators and the layout limits: everything imports it, it imports none of the app.',
  },
  widgets: {
    banned: ['page', 'shell', 'http', 'bridge', 'actions', 'security'],
    message: 'Widgets trigger actions; they never call HTTP or the bridge.',
  },
  prelude: {
    banned: ['format', 'lint', 'layout', ...BROWSER, ...SERVER],
    message:
      "src/prelude is what the server's page writer and the browser's first screen share (page blocks, the query reader, the early plan, the resolver): it imports only src/expr, src/schema and src/contract.",
  },
};

/**
 * The server's layers, bottom to top: core (config, errors, settings) < db < lib (the lending
 * domain) < demo (the demo data and its links) < http (path guard, endpoint wrapper, sessions) < layouts (with the studio) < prelude
 * (the page) and routes (the API) < the root (app.ts, main.ts). Each imports only below itself,
 * and of src/ only what imports no browser code (BROWSER is banned).
 */
const SERVER_BROWSER = {
  banned: BROWSER,
  message:
    'The server shares code with the browser only through src/contract, src/prelude, src/schema, src/expr, src/lint, src/layout and src/format.',
};
const serverLayer = (above, message) => ({
  banned: [...above, ...BROWSER],
  message: `${message} ${SERVER_BROWSER.message}`,
});
const serverLayers = {
  'server/core': serverLayer(
    [
      'server',
      'server/db',
      'server/lib',
      'server/demo',
      'server/http',
      'server/layouts',
      'server/prelude',
      'server/routes',
    ],
    'server/core is the bottom: configuration, errors, settings.',
  ),
  'server/db': serverLayer(
    [
      'server',
      'server/lib',
      'server/demo',
      'server/http',
      'server/layouts',
      'server/prelude',
      'server/routes',
    ],
    'server/db knows the schema and the demo data, nothing above it.',
  ),
  'server/lib': serverLayer(
    ['server', 'server/demo', 'server/http', 'server/layouts', 'server/prelude', 'server/routes'],
    'server/lib is the lending domain: it takes a database handle and plain arguments, never the request or the server context.',
  ),
  'server/demo': serverLayer(
    ['server', 'server/http', 'server/layouts', 'server/prelude', 'server/routes'],
    "server/demo seeds the demo data and names its links, with the domain's rules.",
  ),
  'server/http': serverLayer(
    ['server', 'server/layouts', 'server/prelude', 'server/routes'],
    'server/http is the request pipeline (path guard, endpoint wrapper, sessions): no route, page or layout code.',
  ),
  'server/layouts': serverLayer(
    ['server', 'server/prelude', 'server/routes'],
    'server/layouts (with the studio) stores and checks layouts: no page writer, no API route.',
  ),
  'server/prelude': serverLayer(
    ['server', 'server/routes'],
    'server/prelude writes the page: no API route.',
  ),
  'server/routes': serverLayer(
    ['server', 'server/layouts', 'server/prelude'],
    'server/routes are the API endpoints: no page writer, no layout store.',
  ),
  server: SERVER_BROWSER,
};

const NO_HTML = {
  selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
  message: 'Do not set HTML: build React elements (rich-text renders a sanitised element tree).',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      'node_modules/**',
      'src/schema/generated/**',
      'data/**',
      'test-results/**',
      'artifacts/**',
      'playwright-report/**',
    ],
  },
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
      'no-restricted-syntax': ['error', NO_HTML],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
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
        ...[
          'callee.object.arguments.0.callee.property.name',
          'callee.object.arguments.0.argument.callee.property.name',
        ].map((path) => ({
          selector: `CallExpression[callee.property.name='toBeTruthy'][${path}=/^(get|find)(All)?By/]`,
          message:
            'The query itself asserts presence: write `screen.getByText(...)` / `await screen.findByText(...)` alone.',
        })),
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { kopa },
    rules: {
      'kopa/layers': [
        'error',
        { root: import.meta.dirname, layers: { ...layers, ...serverLayers } },
      ],
      // No allowlist: the last known cycles were broken in issue 12 (docs/decisions/009-layers-that-hold.md).
      'kopa/no-cycle': ['error', { root: import.meta.dirname }],
    },
  },
);
