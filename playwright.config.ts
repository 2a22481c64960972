import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium';
import { E2E_PORT as PORT, E2E_WORKERS as WORKERS } from './tests/e2e/support/workerServer';

/**
 * End-to-end tests: the built app, served by the real reference server on a fresh PGlite
 * database (NODE_ENV=test), in Debian's Chromium. Screenshots land in artifacts/screenshots.
 * Two workers (E2E_WORKERS), each with a server and database of its own (E2E_PORT + its index:
 * tests/e2e/support/workerServer.ts); a file's tests run in order on one worker.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 8_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: true,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // page.route cannot see requests a service worker makes, so tests that replace layouts or API
    // answers run without the worker; tests/e2e/service-worker.spec.ts turns it on.
    serviceWorkers: 'block',
  },
  webServer: Array.from({ length: WORKERS }, (_, i) => ({
    command: `npx tsx tests/e2e/support/serve.ts`,
    url: `http://127.0.0.1:${PORT + i}/`,
    env: { E2E_PORT: String(PORT + i), NODE_ENV: 'test', E2E_DIST: process.env.E2E_DIST ?? 'dist' },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
