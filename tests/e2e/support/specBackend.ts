/**
 * A backend that sends exactly what the spec names: every /vexed call is answered with
 * its generated spec-minimal answer (tests/fixtures/spec-answers/, `npm run gen`), so nothing of
 * the reference server's own fields reaches the page. A test may answer some endpoints itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

const ROOT = join(import.meta.dirname, '../../..');
const catalogue = JSON.parse(readFileSync(join(ROOT, 'schemas/api/endpoints.json'), 'utf8')) as {
  endpoints: Record<string, { path: string; client: string }>;
};

/** The spec-minimal answer (envelope included) of an endpoint, a fresh copy. */
export const minimal = (endpoint: string): { code: unknown; message: string; data: unknown } =>
  (
    JSON.parse(
      readFileSync(join(ROOT, `tests/fixtures/spec-answers/${endpoint}.json`), 'utf8'),
    ) as { minimal: { code: unknown; message: string; data: unknown } }
  ).minimal;

/** /vexed path -> endpoint name ({provider} is the configured kopa). */
const BY_PATH = new Map(
  Object.entries(catalogue.endpoints)
    .filter(([, e]) => e.client !== 'image')
    .map(([name, e]) => [`/vexed${e.path.replace('{provider}', 'kopa')}`, name]),
);

/** An endpoint's own answer: a body (envelope included), or per call (n from 1) a body or 'abort'. */
export type SpecAnswer = unknown | ((n: number) => unknown);

/**
 * Answers every API call with the endpoint's spec-minimal answer, or with `answers[endpoint]`;
 * returns the endpoints called, in order. An answer of 'abort' fails the call (network).
 */
export async function specBackend(
  page: Page,
  answers: Record<string, SpecAnswer> = {},
): Promise<string[]> {
  const called: string[] = [];
  await page.route(
    (url) => BY_PATH.has(url.pathname),
    async (route) => {
      const endpoint = BY_PATH.get(new URL(route.request().url()).pathname)!;
      called.push(endpoint);
      const own = answers[endpoint];
      const n = called.filter((e) => e === endpoint).length;
      const body = own === undefined ? minimal(endpoint) : typeof own === 'function' ? own(n) : own;
      if (body === 'abort') return route.abort();
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify(body),
      });
    },
  );
  return called;
}

/** No error screen, no undefined/NaN, nothing reported about an answer. */
export async function expectWhole(
  page: Page,
  kopa: { reports(): Promise<{ kind: string; message: string }[]> },
): Promise<void> {
  await expect(page.getByText('We could not load this page')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  expect(await page.locator('body').innerText()).not.toMatch(/undefined|NaN|\[object Object\]/);
  expect((await kopa.reports()).filter((r) => r.kind === 'response')).toEqual([]);
}
