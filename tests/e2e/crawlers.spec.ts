import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DEMO, expect, test } from './support/fixtures';

/*
 * Search engines and touch targets: the official site's pages carry their meta
 * description and no noindex; a borrower page is noindex by header and meta; the home page's
 * carousel dots, and every other target axe's target-size rule checks on /, are at least 24 px.
 */

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const session = `userId=${DEMO.userId}&sessionId=${DEMO.sessionId}`;

// axe is injected as a script: the app's CSP allows no inline script.
test.use({ bypassCSP: true });

test('the official site: a meta description on each page, nothing that keeps it out of an index', async ({
  page,
}) => {
  const home = await page.goto('/');
  expect(home?.status()).toBe(200);
  expect(home?.headers()['x-robots-tag']).toBeUndefined();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'Kopa: small loans in minutes from TZS 10,000, paid to your mobile money wallet or bank account. Every fee, the interest and the due date are shown before you confirm.',
  );
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await page.goto('/Contact?lang=id');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'Hubungi layanan pelanggan Kopa lewat telepon atau e-mail, atau tinggalkan pesan, Senin sampai Sabtu, 08.00 sampai 20.00.',
  );
});

test('a borrower page is noindex by header and meta, and has no description', async ({ page }) => {
  const repay = await page.goto(`/repay?${session}&orderId=O170&productId=P002`);
  expect(repay?.status()).toBe(200);
  expect(repay?.headers()['x-robots-tag']).toBe('noindex');
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.locator('meta[name="description"]')).toHaveCount(0);
});

test('an unknown path is answered 404 and shows the not-found page; robots.txt is not the app', async ({
  page,
}) => {
  const missing = await page.goto('/no/such/page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const robots = await page.goto('/robots.txt');
  expect(robots?.headers()['content-type']).toBe('text/plain; charset=utf-8');
  await expect(page.locator('body')).toContainText('Disallow: /repay');
  const php = await page.goto('/x.php');
  expect(php?.status()).toBe(404);
  await expect(page.locator('#root')).toHaveCount(0);
});

test('home: each carousel dot is a 24 px target, and axe finds no target too small', async ({
  page,
}) => {
  await page.goto('/');
  const dots = page.getByRole('button', { name: /^Show slide \d+$/ });
  await expect(dots).toHaveCount(3);
  for (const dot of await dots.all()) {
    const box = await dot.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(24);
    expect(box?.height).toBeGreaterThanOrEqual(24);
  }
  // The second dot still works: its slide shows.
  await dots.nth(1).click();
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  await page.addScriptTag({ content: AXE_SOURCE });
  const { violations, checked } = await page.evaluate(async () => {
    interface Rule {
      id: string;
      nodes: { target: string[]; element?: Element }[];
    }
    const axe = (
      window as unknown as {
        axe: {
          run: (ctx: Document, opts: object) => Promise<{ violations: Rule[]; passes: Rule[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'rule', values: ['target-size'] },
      resultTypes: ['violations', 'passes'],
      elementRef: true,
    });
    return {
      violations: result.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
      checked: result.passes.flatMap((p) => p.nodes.map((n) => n.element?.className ?? '')),
    };
  });
  // The rule did look at the dots (and the page's other controls).
  expect(checked.filter((t) => t.includes('k-carousel__dot'))).toHaveLength(3);
  expect(violations).toEqual([]);
});
