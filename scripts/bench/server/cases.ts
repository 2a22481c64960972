/** What the server bench measures: the same requests against ours and the bare handlers. */
import { loadAppConfig } from '../../../server/core/config';
import { loadEndpointCatalogue } from '../../../server/core/catalogue';
import { type Case, SESSION } from './load';
import { PAY_CARD, PAY_ORDERS, PLAN_ORDERS } from './seedBench';

export function benchCases(payTokens: Record<string, string>): Case[] {
  const cfg = loadAppConfig();
  const cat = loadEndpointCatalogue(cfg.provider);
  const api = (key: string) => `${cfg.apiPrefix}${cat[key]!.path}`;
  const json = { 'content-type': 'application/json' };
  const plan = (n: keyof typeof PLAN_ORDERS, headers: Record<string, string> = {}): Case => ({
    name: `plan API, ${n.toLocaleString('en')} inst.${headers['accept-encoding'] ? ' (br)' : ''}`,
    method: 'POST',
    path: `${api('installmentPlan')}?${SESSION}`,
    headers: { ...json, ...headers },
    body: JSON.stringify({ orderId: PLAN_ORDERS[n], productId: 'P002' }),
    ...(n === 12 ? {} : { connections: n === 1000 ? 4 : 2 }),
  });
  const run = Date.now().toString(36);
  return [
    {
      name: 'page /repay',
      method: 'GET',
      path: `/repay?${SESSION}&orderId=O170&productId=P002`,
      headers: { accept: 'text/html' },
    },
    // A new query each request (another order id): nothing cached per page text helps.
    {
      name: 'page /repay, varying query',
      method: 'GET',
      path: '/repay',
      headers: { accept: 'text/html' },
      next: (n) => ({ path: `/repay?${SESSION}&orderId=V${n}&productId=P002` }),
    },
    { name: 'layout JSON', method: 'GET', path: '/layouts/repay.json' },
    plan(12),
    plan(1000),
    plan(5000),
    plan(5000, { 'accept-encoding': 'br, gzip' }),
    {
      name: 'loan details, 12 inst.',
      method: 'GET',
      path: `${api('loanDetails')}?${SESSION}&orderId=${PLAN_ORDERS[12]}`,
    },
    {
      name: 'repayment commit',
      method: 'POST',
      path: `${api('repaymentCommit')}?${SESSION}`,
      next: (n) => ({
        path: `${api('repaymentCommit')}?${SESSION}`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': `bench-${run}-${n}`,
        },
        body: new URLSearchParams({
          amount: '1',
          cardId: PAY_CARD,
          orderId: PAY_ORDERS[n % PAY_ORDERS.length]!,
          repayToken: payTokens[PAY_ORDERS[n % PAY_ORDERS.length]!] ?? '',
        }).toString(),
      }),
    },
  ];
}
