/**
 * Every route with a backend that sends exactly what the spec names: the generated
 * spec-minimal and spec-noisy answers (tests/fixtures/spec-answers/, `npm run gen`) of every
 * endpoint pass the real API client (tests/unit/http/wire.ts) and each screen renders them with
 * no error screen, no "undefined" or "NaN", nothing reported about the answers, its main figures
 * shown and its primary action in the state the spec gives it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import routes from '../../config/routes.json';
import { renderLayout } from '../support/renderLayout';
import { realCatalogue, viaClient } from '../app/http/wire';

const ROOT = join(import.meta.dirname, '../..');
type Variant = 'minimal' | 'noisy';
const fixture = (endpoint: string): Record<Variant, unknown> =>
  JSON.parse(
    readFileSync(join(ROOT, `tests/fixtures/spec-answers/${endpoint}.json`), 'utf8'),
  ) as Record<Variant, unknown>;
const ENDPOINTS = Object.entries(realCatalogue.endpoints)
  .filter(([, e]) => e.client !== 'image')
  .map(([name]) => name);
const answers = (variant: Variant) =>
  viaClient(Object.fromEntries(ENDPOINTS.map((name) => [name, fixture(name)[variant]])));
const ROUTES = Object.fromEntries(
  Object.entries(routes.pages).map(([key, page]) => [key, page.path]),
);
const QUERY = {
  userId: '10001',
  sessionId: 's1',
  orderId: 'O174D',
  productId: 'P001',
  problemId: '7',
  problemType: '2',
  orderNo: 'O174D',
};

interface Expect {
  /** The primary action (button name) and whether it is enabled with these answers; null: the screen has none. */
  primary: { name: string | RegExp; enabled: boolean } | null;
  /** Text the screen shows from the answers (amounts as the fixtures give them, in cents -> 12.345,67). */
  shows?: string[];
}

/**
 * The fixtures' order is status 174 with isDelay 1 (REPAY and Rollover Repayment), a wallet
 * borrower with two pending installments of 16.500,00, a deferral fee of 3.000,00, an amount of
 * 33.000,00 to repay by code, repayment-way with alipay 0 and no amount (spec 3 names none).
 */
const EXPECT: Record<string, Expect> = {
  loanDetail: {
    primary: { name: 'REPAY', enabled: true },
    shows: ['Repaying', 'Rollover Repayment'],
  },
  order: { primary: { name: 'REPAY', enabled: true }, shows: ['Repaying'] },
  confirm: {
    primary: { name: 'Loan Now', enabled: true },
    shows: ['50.000,00', '7 days', 'M-Pesa'],
  },
  confirmLegacy: { primary: { name: 'Loan Now', enabled: true }, shows: ['50.000,00'] },
  unionLoginFail: { primary: null, shows: ['Failed', 'The session of the partner app has ended.'] },
  repay: {
    primary: { name: 'Pay Now', enabled: true },
    shows: ['16.500,00', 'Pending installments (2)'],
  },
  repayDelay: {
    primary: { name: 'Pay Now', enabled: true },
    shows: ['Pay the deferral fee before the due date.'],
  },
  repaymentOfCode: {
    primary: { name: 'Copy', enabled: true },
    shows: ['33.000,00', 'KP-77001234'],
  },
  repaymentOfCode2: {
    primary: { name: 'Copy', enabled: true },
    shows: ['33.000,00', 'KP-77001234', 'M-Pesa'],
  },
  payGuide: { primary: null },
  // No amount in any spec answer (and none kept on the device): Pay Now is off, and says why.
  repayChoose: {
    primary: { name: 'Pay Now', enabled: false },
    shows: ['M-Pesa 0712 345 678', 'The amount due of this order could not be found.'],
  },
  borrowDetail: { primary: { name: 'Back to home', enabled: true }, shows: ['Repaying'] },
  addNormalCard: { primary: { name: 'Save card', enabled: false } },
  // alipay 0: wallet repayment is refused, and the page says why.
  alipayRepayment: {
    primary: { name: 'Pay with wallet', enabled: false },
    shows: ['Wallet repayment is not available for this order.'],
  },
  customerService: {
    primary: { name: /E-mail/, enabled: true },
    shows: ['help@kopa.example', '+255 700 000 000'],
  },
  loanAgreement: { primary: null },
  aboutUs: { primary: null },
  privacyPolicy: { primary: null },
  amlPolicy: { primary: null },
  complaint: { primary: { name: 'My complaints', enabled: true }, shows: ['Kopa Cash'] },
  complaintForm: { primary: { name: 'Send', enabled: true } },
  complaintList: {
    primary: null,
    shows: ['They called me at night.', 'Collection', '2026-12-08 12:00:00'],
  },
  complaintDetails: { primary: null, shows: ['They called me at night.'] },
  bindCard: { primary: { name: 'Next', enabled: true }, shows: ['Loan agreement'] },
  deleteUser: { primary: { name: 'Send', enabled: false } },
  siteHome: { primary: null },
  siteAbout: { primary: null },
  sitePolicy: { primary: null },
  siteLoan: { primary: null },
  siteContact: { primary: { name: 'Submit', enabled: true } },
  register: { primary: { name: 'Register now', enabled: true } },
  download: { primary: { name: 'Download now', enabled: true } },
  registerAgreement: { primary: null },
  testPreview: { primary: null },
};

describe('every route renders the spec answers', () => {
  it('has an expectation for every route', () => {
    expect(Object.keys(EXPECT).sort()).toEqual(Object.keys(routes.pages).sort());
  });

  for (const [key, page] of Object.entries(routes.pages)) {
    for (const variant of ['minimal', 'noisy'] as const) {
      it(`${key} (${page.path}), ${variant}`, { timeout: 20_000 }, async () => {
        const layout = JSON.parse(
          readFileSync(join(ROOT, `layouts/${page.layout}.json`), 'utf8'),
        ) as Record<string, unknown>;
        const { recorded } = await renderLayout(layout, {
          query: QUERY,
          responses: answers(variant),
          routes: ROUTES,
        });
        const expected = EXPECT[key]!;
        const body = () => document.body.textContent ?? '';
        await waitFor(() => expect(body()).not.toContain('Loading...'));
        for (const text of expected.shows ?? [])
          await waitFor(() => expect(body()).toContain(text));
        expect(body()).not.toContain('We could not load this page');
        expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
        expect(body()).not.toMatch(/undefined|NaN|\[object Object\]/);
        expect(recorded.reports.filter((r) => r.kind === 'response')).toEqual([]);
        if (expected.primary) {
          const button = await screen.findByRole('button', { name: expected.primary.name });
          const disabled =
            (button as HTMLButtonElement).disabled ||
            button.getAttribute('aria-disabled') === 'true';
          expect(disabled).toBe(!expected.primary.enabled);
        }
      });
    }
  }
});
