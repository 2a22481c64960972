/**
 * The loan details answer from the rows it is made of: a pure function, so the route and the
 * server bench's bare handler (scripts/bench/server) build the same JSON from the same rows.
 */
import type { ResponseOf } from '@kopa/contract';
import { orderView } from '@kopa/contract';
import type { Order, Product } from '../db/types';
import { flag } from './flags';
import { marketDate, marketDateTime, formatLabelledAmount } from './format';
import {
  dueNow,
  outstanding,
  REPAYABLE,
  statusText,
  unpaidInstallments,
  type InstallmentRow,
} from './orders';
import { productTile } from './products';
import type { ContactSettings } from './storedSettings';

export interface LoanDetailsFacts {
  order: Order;
  product: Pick<Product, 'id' | 'name' | 'logo'>;
  rows: InstallmentRow[];
  contact: ContactSettings;
  /** The other products, in their order (recommended tiles). */
  others: Product[];
  now: Date;
  label: string;
}

export function loanDetailsAnswer(f: LoanDetailsFacts): ResponseOf<'loanDetails'> {
  const { order, product: p, rows, label } = f;
  const repayable = REPAYABLE.has(order.status);
  const balance = repayable ? outstanding(order, rows) : 0;
  // "Amount due" is what is due by today (or the current period), never the whole balance.
  const due = repayable ? dueNow(order, rows, f.now, marketDate) : 0;
  const st = statusText(order.status);
  const nextDue = unpaidInstallments(order, rows).find((r) => r.left > 0)?.due_time;
  const detail = [
    { text: 'Order No.', value: order.id },
    { text: 'Loan amount', value: formatLabelledAmount(order.amount, label) },
    {
      text: 'Term',
      value: order.term_unit === 1 ? `${order.periods} days` : `${order.periods} months`,
    },
    { text: 'Apply time', value: marketDateTime(order.created_at) },
  ];
  if (repayable) {
    detail.push({ text: 'Amount due', value: formatLabelledAmount(due, label) });
    if (nextDue) detail.push({ text: 'Due date', value: marketDate(nextDue) });
    if (balance !== due)
      detail.push({ text: 'Outstanding balance', value: formatLabelledAmount(balance, label) });
  }
  const flags = {
    isDelay: flag(order.is_delay),
    isScore: flag(order.is_score),
    cardNeedPop: flag(order.card_need_pop),
  };
  // The reference server keeps no redirect links (a deployment's backend would send the order's).
  const playeduL = '';
  return {
    orderId: order.id,
    productId: p.id,
    orderStatus: order.status,
    noticeStatusText: st.text,
    noticeDesText: st.desc,
    recProducts: f.others.map((o) => productTile(o, label)),
    productName: p.name,
    productLogo: p.logo,
    userOrderDetail: { detail },
    inside: 1,
    h5Url: '',
    isDelay: flags.isDelay,
    telephone: f.contact.telephone,
    isScore: flags.isScore,
    playeduL,
    reyMsg: repayable ? `Please repay ${formatLabelledAmount(due, label)}.` : '',
    cardNeedPop: flags.cardNeedPop,
    cardPopTitle: 'Check your account',
    cardPopMsg: 'Please make sure your payment account is correct before withdrawing.',
    repayAmount: balance,
    // The screen's rules (icon, buttons, dialogs, redirect) decided here, once.
    view: { ...orderView({ orderStatus: order.status, playeduL, ...flags }), amountDue: due },
  };
}
