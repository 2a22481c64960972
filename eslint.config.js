import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Layers may import only downwards (ARCHITECTURE.md): each entry bans the layers above. */
const layer = (files, banned, message) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: banned.map((group) => ({ group: [group], message })) }],
  },
});

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
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Do not set HTML: build React elements (rich-text renders a sanitised element tree).' },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // Playwright fixtures call their callback `use`; it is not React's hook.
  { files: ['tests/e2e/**'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
  layer(['src/expr/**'], ['../*', '!./*'], 'src/expr is pure: it imports nothing of ours.'),
  layer(['src/http/**', 'src/bridge/**', 'src/format/**', 'src/security/**'], ['**/render/**', '**/widgets/**', '**/shell/**', '**/actions/**'], 'Host modules do not know the renderer.'),
  layer(['src/actions/**'], ['**/widgets/**', '**/shell/**', '**/http/**', '**/bridge/**'], 'Actions reach HTTP and the bridge through the injected env.'),
  layer(['src/render/**'], ['**/shell/**', '**/http/**', '**/bridge/**'], 'The renderer reaches the host through the injected env.'),
  layer(['src/widgets/**'], ['**/shell/**', '**/http/**', '**/bridge/**', '**/actions/**', '**/security/**'], 'Widgets trigger actions; they never call HTTP or the bridge.'),
);
