/**
 * The app's HTML is compressed once per layout version (server/page/compressedPage.ts),
 * and nothing of it depends on the query: the early plan names query keys. The browser
 * reads the page in each encoding, and for two orders one after the other the page shows its
 * order and sends its early request for it, while the page itself holds neither order.
 */
import { expect, test } from './support/fixtures';

for (const encoding of ['br', 'gzip'] as const) {
  test(`a page sent as ${encoding} works for one order and then another, and holds neither`, async ({
    page,
    kopa,
  }) => {
    await page.setExtraHTTPHeaders({ 'accept-encoding': encoding });
    const pages: { encoding: string | undefined; early: string }[] = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'document')
        pages.push({ encoding: (await res.allHeaders())['content-encoding'], early: '' });
    });
    for (const orderId of ['O170', 'O174N']) {
      await kopa.open('/repay', { orderId, productId: 'P002' });
      await expect(page.getByRole('heading', { name: 'Repayment Details' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
      // The plan, read by the browser from the decoded page: query keys, not this order.
      const early = await page.evaluate(
        () => document.getElementById('kopa-early')?.textContent ?? '',
      );
      expect(JSON.parse(early)).toMatchObject({ requests: [{ endpoint: 'installmentPlan' }] });
      expect(early).not.toContain(orderId);
      // The early request left with this order (the API client took its answer).
      expect(
        kopa.apiTo('/loan-play-detail-yd').some((r) => JSON.stringify(r).includes(orderId)),
      ).toBe(true);
    }
    await expect.poll(() => pages.map((p) => p.encoding)).toEqual([encoding, encoding]);
    expect(kopa.pageErrors).toEqual([]);
  });
}
