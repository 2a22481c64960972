import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import routes from '../../config/routes.json' with { type: 'json' };
import { compiledLayout, expect, fetchLayoutsOverNetwork, test } from './support/fixtures';

const DIST = join(import.meta.dirname, '..', '..', process.env.E2E_DIST ?? 'dist');

test('every route renders something under the strict CSP, with no violation and no page error (SECURITY 4, 8)', async ({
  page,
  kopa,
}) => {
  test.setTimeout(120_000);
  for (const [key, route] of Object.entries(routes.pages)) {
    const response = await page.goto(
      `${route.path}?userId=10001&sessionId=demo-session&orderId=O170&productId=P002&problemId=1`,
    );
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp, key).toContain("script-src 'self'");
    expect(csp, key).not.toContain('unsafe-eval');
    expect(csp, key).toContain("object-src 'none'");
    expect(csp, key).toContain("base-uri 'none'");
    // Wait until the loader is done: a screen, an error with Retry, never a blank page.
    await expect(page.locator('main.k-page'), key).toBeVisible();
    await expect(page.locator('main.k-state--loading'), key).toHaveCount(0);
    expect((await page.locator('#root').innerText()).trim().length, key).toBeGreaterThan(0);
    expect(await kopa.cspViolations(), key).toEqual([]);
  }
  expect(kopa.pageErrors).toEqual([]);
});

test('an unknown path shows a not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const link = page.getByRole('link', { name: 'Go to home' });
  await expect(link).toHaveAttribute('href', '/');
  // Followed inside the app: no new document is loaded.
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  });
  await link.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  expect(documents).toEqual([]);
});

test('legacy hash links land on their path with the query kept', async ({ page }) => {
  await page.goto('/?userId=10001&sessionId=demo-session#/borrowDetail/?orderId=O170');
  await expect(page).toHaveURL(/\/borrowDetail\?userId=10001&sessionId=demo-session&orderId=O170$/);
});

/** The borrower's built JS files (dist/assets; the studio's build is dist/studio/), with their code. */
function builtJs(): { file: string; code: string }[] {
  const assets = join(DIST, 'assets');
  const js = readdirSync(assets).filter((f) => f.endsWith('.js'));
  expect(js.length).toBeGreaterThan(0);
  return js.map((file) => ({ file, code: readFileSync(join(assets, file), 'utf8') }));
}

test('the built bundle contains no eval or new Function', () => {
  for (const { file, code } of builtJs()) {
    expect(code, file).not.toMatch(/new Function\s*\(/);
    expect(code, file).not.toMatch(/(^|[^.\w$])eval\s*\(/);
  }
});

/**
 * Text only the layout checker, the expression parser and the fragment expander hold: the
 * parser's and tokenizer's own messages, the layout validators' schema ids, the expander's
 * messages. The borrower's app gets layouts compiled by the server, so none of it may ship in
 * its files.
 */
const CHECKER_ONLY = [
  'Use parentheses to mix ?? with && or ||', // src/expr/parser.ts
  'Cannot call here', // src/expr/parser.ts
  'Expression is longer than', // src/expr/tokenizer.ts
  'layout.schema.json', // the layout validators (validateLayoutOutline, widget validators)
  'widgets/text.schema.json',
  'fragment uses itself', // src/contract/layout/fragments.ts
  'fragments nest more than',
];

test("the borrower's bundle holds no layout validator, expression parser or fragment expander", () => {
  for (const { file, code } of builtJs()) {
    for (const text of CHECKER_ONLY) expect(code, `${file}: ${text}`).not.toContain(text);
  }
});

const layout = (body: unknown[]) =>
  JSON.stringify({ id: 'customer-service', version: 1, title: 'Injected', body });

test('a malformed layout (HTML error page with status 200, then not JSON) shows an error with Retry that recovers (SECURITY 8)', async ({
  page,
}) => {
  let answer = '<html><body>Bad gateway</body></html>';
  await fetchLayoutsOverNetwork(page);
  await page.route('**/layouts/customer-service.compiled.json', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: answer }),
  );
  await page.goto('/customerService?userId=10001&sessionId=demo-session');
  await expect(page.getByRole('alert')).toContainText('could not be read');
  answer = compiledLayout(layout([{ type: 'text', text: 'Recovered' }]));
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Recovered')).toBeVisible();
});

test('a layout the server could not vouch for shows an error screen naming where', async ({
  page,
}) => {
  await fetchLayoutsOverNetwork(page);
  const wrong = JSON.stringify({ id: 'customer-service', version: 'one', title: 'x', body: [] });
  await page.route('**/layouts/customer-service.compiled.json', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: compiledLayout(wrong, { pointer: '/version', message: 'must be integer' }),
    }),
  );
  await page.goto('/customerService?userId=10001&sessionId=demo-session');
  await expect(page.getByRole('alert')).toContainText('/version');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeEnabled();
});

test('an unknown widget falls back alone while its siblings render, reported once (SECURITY 7)', async ({
  page,
  kopa,
}) => {
  await fetchLayoutsOverNetwork(page);
  await page.route('**/layouts/customer-service.compiled.json', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: compiledLayout(
        layout([
          { type: 'text', text: 'Before' },
          { type: 'hax' },
          { type: 'text', text: '<img src=x onerror=alert(1)>' },
        ]),
      ),
    }),
  );
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await page.goto('/customerService?userId=10001&sessionId=demo-session');
  await expect(page.getByText('Before')).toBeVisible();
  await expect(page.getByText('<img src=x onerror=alert(1)>')).toBeVisible();
  await expect(page.locator('main img')).toHaveCount(0);
  const reports = (await kopa.reports()).filter((r) => r.kind === 'node');
  expect(reports).toHaveLength(1);
  expect(reports[0]?.pointer).toBe('/body/1');
  expect(dialogs).toBe(0);
});

test('a 5,000-deep layout is refused with a bounded error and the page stays alive (SECURITY 6)', async ({
  page,
}) => {
  // Written as text: JSON.stringify itself would run out of stack on 5,000 levels.
  const node = `${'{"type":"container","children":['.repeat(5000)}{"type":"text","text":"deep"}${']}'.repeat(5000)}`;
  const body = `{"id":"customer-service","version":1,"title":"Deep","body":[${node}]}`;
  await fetchLayoutsOverNetwork(page);
  await page.route('**/layouts/customer-service.compiled.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: compiledLayout(body) }),
  );
  await page.goto('/customerService?userId=10001&sessionId=demo-session');
  await expect(page.getByRole('alert')).toContainText('too deeply nested');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
});

test('the first screen uses the layout the server put in the page; a later screen fetches its own', async ({
  page,
}) => {
  const layoutRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/layouts/'))
      layoutRequests.push(new URL(r.url()).pathname);
  });
  const response = await page.goto(
    '/complainDetails?userId=10001&sessionId=demo-session&problemId=2',
  );
  const html = (await response?.text()) ?? '';
  expect(html).toContain('id="kopa-layout"');
  expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/[^"]+\.js">/);
  await expect(page.getByText('Problem type')).toBeVisible();
  expect(layoutRequests).toEqual([]);
  await page.getByRole('button', { name: 'Back to my complaints' }).click();
  await expect(page).toHaveURL(/\/complaintList\?/);
  await expect(page.locator('main.k-state--loading')).toHaveCount(0);
  expect(layoutRequests).toEqual(['/layouts/complaint-list.compiled.json']);
});
