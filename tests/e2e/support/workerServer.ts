import { test as base } from '@playwright/test';

/** The first server's port; worker N talks to the server on E2E_PORT + N (playwright.config.ts). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** The test file whose database state this worker's server holds (a worker runs its files one after another). */
let seededFor = '';

/**
 * Playwright's `test` with each worker on a server (and database) of its own, so test files run
 * two at a time without one file's data reset landing in the middle of another's; and every test
 * file starts from the demo data (POST /__test/reset), whichever file ran before it on that
 * worker. Tests within a file share that data.
 */
export const test = base.extend<{ freshData: void }>({
  // Playwright reads a fixture's dependencies from this pattern: empty means none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    await use(`http://127.0.0.1:${E2E_PORT + (testInfo.parallelIndex % E2E_WORKERS)}`);
  },
  freshData: [
    async ({ request }, use, testInfo) => {
      if (seededFor !== testInfo.file) {
        const response = await request.post('/__test/reset');
        if (!response.ok())
          throw new Error(`reset failed: ${response.status()} ${await response.text()}`);
        seededFor = testInfo.file;
      }
      await use();
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
