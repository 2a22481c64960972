import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Unit and component tests assert behaviour, never speed (budgets live in the benches): the time
// limit only ends a hang. Vitest's 5 s default failed tests by time alone on a busy two-core
// machine (linting with the real config, compiling every schema: seconds each), so it is generous.
const GENEROUS_MS = 60_000;

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          testTimeout: GENEROUS_MS,
          // The renderer's behaviour, layouts rendered in a document: tests/react/*.test.tsx.
          include: ['tests/react/**/*.test.tsx'],
          setupFiles: ['tests/setup/web.ts'],
        },
      },
      {
        // The app's logic without a page: Node is enough and starts faster than jsdom (about 20 s
        // of CI). A file that needs a document says so: `// @vitest-environment jsdom` on line 1.
        plugins: [react()],
        test: {
          name: 'unit',
          environment: 'node',
          testTimeout: GENEROUS_MS,
          // One folder per package (tests/expr, tests/contract, ..., tests/app), the build scripts'
          // (tests/scripts) and the repository's own (tests/repo); the server's suite (a server
          // and a database per file) and the browser's are projects of their own.
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: [
            ...configDefaults.exclude,
            'tests/react/**/*.test.tsx',
            'tests/server/*.test.ts',
            'tests/e2e/**',
          ],
          setupFiles: ['tests/setup/web.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/*.test.ts'],
          // One server + database per file; files run one after another on a 2-core machine.
          fileParallelism: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
