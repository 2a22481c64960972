/** Loan confirmation, push (take the loan), order details, contracts, rating, event log. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../http/context';
import { userEndpoint } from '../http/endpoint';
import { orderView } from '../../src/contract/views';
import { flag } from '../lib/flags';
import { formatDate, formatDateTime, formatMoney } from '../lib/format';
import { dueNow, installmentsOf, outstanding, REPAYABLE, statusText, unpaidInstallments } from '../lib/orders';
import { recommendedProducts } from '../lib/products';
import { getSetting } from '../lib/settings';
import { findProduct, loanOffer, pushLoan } from '../lib/loanOffer';
import { agreementLink, agreementList } from '../lib/contracts';
import { requireOrder } from '../http/session';


export function registerLoan(app: FastifyInstance, ctx: ServerContext): void {
  const label = ctx.cfg.currencyLabel;

  // The offer and the take live in lib/loanOffer: the older endpoint family (routes/legacy.ts) shares them.
  userEndpoint(app, ctx, 'loanConfirmDetail', async ({ body, user }) => loanOffer(ctx, user, body.productId));

  userEndpoint(app, ctx, 'loanPush', async ({ body, user }) => pushLoan(ctx, user, body));

  userEndpoint(app, ctx, 'loanDetails', async ({ body, user }) => {
    const order = await requireOrder(ctx, user, body.orderId);
    const p = await findProduct(ctx.db, order.product_id);
    const rows = await installmentsOf(ctx.db, order.id);
    const repayable = REPAYABLE.has(order.status);
    const balance = repayable ? outstanding(order, rows) : 0;
    // "Amount due" is what is due by today (or the current period), never the whole balance.
    const due = repayable ? dueNow(order, rows, ctx.now(), formatDate) : 0;
    const st = statusText(order.status);
    const contact = await getSetting(ctx.db, 'contact');
    const nextDue = unpaidInstallments(order, rows).find((r) => r.left > 0)?.due_time;
    const detail = [
      { text: 'Order No.', value: order.id },
      { text: 'Loan amount', value: formatMoney(order.amount, label) },
      { text: 'Term', value: order.term_unit === 1 ? `${order.periods} days` : `${order.periods} months` },
      { text: 'Apply time', value: formatDateTime(order.created_at) },
    ];
    if (repayable) {
      detail.push({ text: 'Amount due', value: formatMoney(due, label) });
      if (nextDue) detail.push({ text: 'Due date', value: formatDate(nextDue) });
      if (balance !== due) detail.push({ text: 'Outstanding balance', value: formatMoney(balance, label) });
    }
    const flags = { isDelay: flag(order.is_delay), isScore: flag(order.is_score), cardNeedPop: flag(order.card_need_pop) };
    // The reference server keeps no redirect links (a deployment's backend would send the order's).
    const playeduL = '';
    return {
      orderId: order.id, productId: p.id, orderStatus: order.status,
      noticeStatusText: st.text, noticeDesText: st.desc,
      recProducts: await recommendedProducts(ctx.db, label, p.id),
      productName: p.name, productLogo: p.logo, userOrderDetail: { detail },
      inside: 1, h5Url: '', isDelay: flags.isDelay, telephone: contact.telephone, isScore: flags.isScore,
      playeduL, reyMsg: repayable ? `Please repay ${formatMoney(due, label)}.` : '',
      cardNeedPop: flags.cardNeedPop, cardPopTitle: 'Check your account',
      cardPopMsg: 'Please make sure your payment account is correct before withdrawing.', repayAmount: balance,
      // The screen's rules (icon, buttons, dialogs, redirect) decided here, once (issue 8).
      view: { ...orderView({ orderStatus: order.status, playeduL, ...flags }), amountDue: due },
    };
  });

  userEndpoint(app, ctx, 'contractList', async ({ body }) => agreementList(ctx.db, body.productId));

  userEndpoint(app, ctx, 'contractJump', async ({ body, user }) => agreementLink(ctx.db, user, body));

  userEndpoint(app, ctx, 'googleScore', async ({ body, user }) => {
    if (body.orderId) await requireOrder(ctx, user, body.orderId);
    await ctx.db.insertInto('scores').values({ user_id: user.userId, order_id: body.orderId ?? '', score: body.score }).execute();
    return { ok: true };
  });

  userEndpoint(app, ctx, 'eventSave', async ({ body, user }) => {
    await ctx.db.insertInto('events').values({ user_id: user.userId, product_id: body.productId, module_id: body.moduleId, position_id: body.positionId }).execute();
    return { ok: true };
  });
}
