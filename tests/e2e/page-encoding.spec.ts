/**
 * Issue 32: the app's HTML is compressed once per layout version, and each request's per-query
 * block (the early requests resolved from its query) is written into the compressed stream as it
 * is: stored deflate blocks in one gzip member, uncompressed brotli meta-blocks
 * (server/prelude/splicedPage.ts). The browser must read such a page as any other: here in each encoding,
 * for two orders one after the other, the page shows its order and sends its early request for it.
 */
import { expect, test } from './support/fixtures';

for (const encoding of ['br', 'gzip'] as const) {
  test(`a page sent as ${encoding} with its per-query block spliced in works, for one order and then another`, async ({
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
      // The block the server wrote for this query, read by the browser from the decoded page.
      const early = await page.evaluate(
        () => document.getElementById('kopa-early')?.textContent ?? '',
      );
      expect(JSON.parse(early)).toMatchObject({ from: { orderId } });
      // The early request left with this order (the API client took its answer).
      expect(
        kopa.apiTo('/loan-play-detail-yd').some((r) => JSON.stringify(r).includes(orderId)),
      ).toBe(true);
    }
    await expect.poll(() => pages.map((p) => p.encoding)).toEqual([encoding, encoding]);
    expect(kopa.pageErrors).toEqual([]);
  });
}
