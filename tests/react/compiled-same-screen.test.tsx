/**
 * Every shipped and example layout renders the same screen compiled (as the server serves it to
 * the app: server/layouts/compiled.ts) as from its source: the same markup with the spec's
 * answers, and nothing reported. The compiled render runs without the parser, as the borrower's
 * bundle does, from the compiled trees only (constants folded), so a binding the compiler missed
 * or folded wrongly shows here as a difference or a report.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import routes from '../../config/routes.json';
import {
  adoptParsedTemplates,
  forgetTemplates,
  installSourceParser,
  setSourceParser,
} from '../../src/expr';
import { compileLayout } from '../../src/lint/compile/compileLayout';
import { expandFragments } from '../../src/contract/layout/fragments';
import { loadFragmentFiles } from '../../src/contract/schema/fragmentFiles';
import { renderLayout } from '../support/renderLayout';
import { realCatalogue, viaClient } from '../app/http/wire';

const ROOT = join(import.meta.dirname, '../..');
const ENDPOINTS = Object.entries(realCatalogue.endpoints)
  .filter(([, e]) => e.client !== 'image')
  .map(([name]) => name);
const answers = () =>
  viaClient(
    Object.fromEntries(
      ENDPOINTS.map((name) => [
        name,
        (
          JSON.parse(
            readFileSync(join(ROOT, `tests/fixtures/spec-answers/${name}.json`), 'utf8'),
          ) as { minimal: unknown }
        ).minimal,
      ]),
    ),
  );
const ROUTES = Object.fromEntries(
  Object.entries(routes.pages).map(([key, page]) => [key, page.path]),
);
const QUERY = { userId: '10001', sessionId: 's1', orderId: 'O174D', productId: 'P001' };

const files = [
  ...readdirSync(join(ROOT, 'layouts'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => `layouts/${f}`),
  ...readdirSync(join(ROOT, 'layouts/_examples'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => `layouts/_examples/${f}`),
];

/**
 * The screen once its data has settled, with React's generated ids made stable and the pull
 * gesture's readiness left out (its chunk arrives in its own time: loaded by the first render,
 * it is already there for the second).
 */
async function screenOf(layout: Record<string, unknown>) {
  const { container, recorded } = await renderLayout(layout, {
    query: QUERY,
    responses: answers(),
    routes: ROUTES,
  });
  await waitFor(() => expect(container.textContent).not.toContain('Loading...'));
  const normalised = () =>
    container.innerHTML
      .replace(/«r[0-9a-z]+»|:r[0-9a-z]+:|_r_[0-9a-z]+_/g, 'ID')
      .replace(/ data-pull="[a-z]+"/g, '');
  // Settled: the same markup twice in a row, 100 ms apart (lazy chunks arrive in their own time).
  let last = '';
  await waitFor(
    () => {
      const now = normalised();
      const same = now === last;
      last = now;
      expect(same).toBe(true);
    },
    { interval: 100, timeout: 10_000 },
  );
  const html = last;
  return { html, reports: recorded.reports };
}

/** Every string of a layout that holds a {{ }} binding. */
function bindingStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.includes('{{')) out.push(value);
  } else if (Array.isArray(value)) for (const v of value) bindingStrings(v, out);
  else if (value !== null && typeof value === 'object')
    for (const v of Object.values(value)) bindingStrings(v, out);
  return out;
}

afterEach(() => {
  installSourceParser();
  cleanup();
});

describe('a layout renders the same screen compiled as from source', () => {
  it('covers every shipped and example layout', () => {
    expect(files.length).toBeGreaterThan(60);
  });

  it('compiles every binding of every layout, its actions too (the app has no parser for the rest)', () => {
    const missing: string[] = [];
    for (const file of files) {
      const source = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as unknown;
      const expanded = expandFragments(source, loadFragmentFiles().files).doc;
      const compiled = JSON.parse(
        JSON.stringify(compileLayout(expanded, { name: 'x', version: 1 })),
      ) as ReturnType<typeof compileLayout>;
      for (const text of bindingStrings(expanded))
        if (!Object.hasOwn(compiled.templates, text)) missing.push(`${file}: ${text}`);
    }
    expect(missing).toEqual([]);
  });

  for (const file of files) {
    it(file, { timeout: 30_000 }, async () => {
      const source = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Record<string, unknown>;
      forgetTemplates();
      const fromSource = await screenOf(source);
      cleanup();

      const expanded = expandFragments(source, loadFragmentFiles().files).doc;
      // Through JSON, as it travels: what does not survive the wire must not be needed.
      const compiled = JSON.parse(
        JSON.stringify(compileLayout(expanded, { name: 'x', version: 1 })),
      ) as ReturnType<typeof compileLayout>;
      forgetTemplates();
      setSourceParser(null);
      adoptParsedTemplates(compiled.templates);
      const fromCompiled = await screenOf(compiled.layout);

      expect(fromCompiled.html).toBe(fromSource.html);
      expect(fromCompiled.reports).toEqual(fromSource.reports);
    });
  }
});
