/**
 * A draft change that adds a money or identity call to a layout: a Continue button that sends
 * fixed card fields to saveBankInfo. Publishing it needs two people (config/publishing.json), and
 * the studio shows it as "adds a call to saveBankInfo". Shared by the server test of publishing by
 * effect and the studio's end-to-end test; it imports nothing, so a Playwright spec may use it.
 */

/** The layout text with that button at the end of its body (pretty-printed, as the studio saves). */
export function withSaveBankInfo(content: string): string {
  const doc = JSON.parse(content) as { body: unknown[] };
  doc.body.push({
    type: 'button',
    label: 'Continue',
    onTap: [
      {
        type: 'http',
        endpoint: 'saveBankInfo',
        params: {
          product_id: 'P1',
          cardType: 2,
          fields: { bankCode: 'X', cardNo: '4111111111111111' },
        },
      },
    ],
  });
  return JSON.stringify(doc, null, 2);
}
