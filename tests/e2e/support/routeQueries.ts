/**
 * Every route of config/routes.json with the query it needs to show data (the demo links of
 * server/main.ts), for the tests that visit all routes (axe, the type scale).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROUTES = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', '..', 'config', 'routes.json'), 'utf8'),
) as {
  pages: Record<string, { path: string; layout: string }>;
};

const QUERY: Record<string, Record<string, string>> = {
  loanDetail: { orderId: 'O200', productId: 'P003' },
  order: { orderId: 'O174N', productId: 'P002' },
  confirm: { productId: 'P001' },
  confirmLegacy: { productId: 'P002' },
  repayDelay: { orderId: 'O174D', productId: 'P001' },
  loanAgreement: { productId: 'P001' },
  complaint: { orderId: 'O180D' },
  complaintForm: { problemType: '1', problemSonType: '11', orderNo: 'O180D' },
  complaintDetails: { problemId: '1' },
  bindCard: { productId: 'P001' },
  register: { templateId: 'default' },
};

/** The query for route `key`; screens without their own get an order that has data. */
export function routeQuery(key: string): Record<string, string> {
  return QUERY[key] ?? { orderId: 'O170', productId: 'P002' };
}
