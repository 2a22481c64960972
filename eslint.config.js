import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Which module may import which (the packages' graph, the layers inside them, no cycles) is
// dependency-cruiser's job: npm run deps, rules in .dependency-cruiser.js.

const NO_HTML = {
  selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
  message: 'Do not set HTML: build React elements (rich-text renders a sanitised element tree).',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      // The packed builds of @kopa/react and @kopa/lint (scripts/pack/buildLibrary.ts).
      'src/*/dist/**',
      // The example consumer installs the packed packages and type-checks itself (npm run
      // test:example runs its tsc); the repository's typed rules cannot resolve its imports.
      'examples/**',
      'node_modules/**',
      '**/generated/**',
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
  // A function longer than one screen does more than one job: split it into named pieces, or say
  // beside it (eslint-disable-next-line ... -- reason) why it is long. Tests are left out: a
  // describe() block is long because it holds many short cases, not because it does many jobs.
  {
    files: ['src/**/*.{ts,tsx,js}', 'server/**/*.{ts,tsx,js}', 'scripts/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
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
);
