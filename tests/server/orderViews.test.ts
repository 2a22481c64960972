/**
 * Server view models: loan-details answers `view` (icon, buttons, recommended products,
 * dialog, rating, redirect, amount due) and every product tile `view.opens`, decided on the server
 * from the spec's status rules (product spec 4 "Order status codes"), for each demo order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResponseOf } from '../../src/contract/generated/endpoints';
import { expectSuccess, startServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

type Details = ResponseOf<'loanDetails'>;

async function details(orderId: string): Promise<Details> {
  // expectSuccess checks the answer against loan-details.response (view included).
  const data = expectSuccess('loanDetails', await s.call('loanDetails', { orderId }));
  return data as Details;
}

describe('loan details: the order view follows the status rules', () => {
  it.each([
    // order, icon, buttons, recommended products, dialog on load, rating on load
    ['O21', '21', [], true, '', false],
    ['O110', 'failed', [], true, '', false],
    ['O151', '151', [], true, 'withdraw', false],
    ['O170', '200', ['repayment'], false, '', false],
    ['O174D', '174', ['repay', 'rollover'], false, '', false],
    ['O174N', '174', ['repayment'], false, '', false],
    ['O180D', '180', ['repay', 'rollover'], false, '', false],
    ['O180N', '180', ['repayment'], false, '', false],
    ['O200', '200', ['borrowAgain'], false, '', true],
  ])(
    '%s: icon %s, buttons %j, recommended %s, dialog %j, rating %s',
    async (orderId, icon, buttons, recommended, dialog, rating) => {
      const d = await details(orderId);
      expect(d.view).toMatchObject({ icon, buttons, recommended, dialog, rating, redirectUrl: '' });
    },
  );

  it('amountDue is the "Amount due" line as a number, 0 when nothing is to repay', async () => {
    const due = await details('O174N');
    expect(due.view?.amountDue).toBe(16_500_000);
    expect(due.userOrderDetail.detail.find((l) => l.text === 'Amount due')?.value).toBe(
      'TZS 165.000,00',
    );
    expect((await details('O21')).view?.amountDue).toBe(0);
    expect((await details('O200')).view?.amountDue).toBe(0);
  });

  it('recommended tiles say what a tap does: web for an https link, app for a deep link, none when disabled', async () => {
    const d = await details('O110');
    expect(d.recProducts.map((t) => [t.productId, t.view?.opens])).toEqual([
      ['P001', 'app'],
      ['P003', 'web'],
      ['P004', 'none'],
    ]);
  });
});

describe('union error info: the family tiles carry the same tile view', () => {
  it('each tile of the family has view.opens', async () => {
    const data = expectSuccess(
      'unionErrorInfo',
      await s.call('unionErrorInfo', {}),
    ) as ResponseOf<'unionErrorInfo'>;
    expect(data.family.map((t) => [t.productId, t.view?.opens])).toEqual([
      ['P001', 'app'],
      ['P002', 'app'],
      ['P003', 'web'],
      ['P004', 'none'],
    ]);
  });
});
