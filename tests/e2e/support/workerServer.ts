import { test as base } from '@playwright/test';

/** The first server's port; worker N talks to the server on E2E_PORT + N (playwright.config.ts). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/**
 * Playwright's `test` with each worker on a server (and database) of its own, so test files run
 * two at a time without one file's data reset landing in the middle of another's.
 */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from this pattern: empty means none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    await use(`http://127.0.0.1:${E2E_PORT + (testInfo.parallelIndex % E2E_WORKERS)}`);
  },
});

export { expect } from '@playwright/test';
