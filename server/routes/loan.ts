/** Loan confirmation, push (take the loan), order details, contracts, rating, event log. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { userEndpoint } from '../endpoint';
import { badRequest, notFound, unauthorized } from '../errors';
import { addDays, formatAmount, formatDate, formatDateTime, formatMoney, maskCardNo } from '../lib/format';
import { delayFee, installmentsOf, outstanding, REPAYABLE, statusText } from '../lib/orders';
import { recommendedProducts } from '../lib/products';
import { getSetting, latestCard } from '../lib/settings';
import { randomId } from '../lib/tokens';
import { requireOrder } from '../session';
import type { Db } from '../db';

interface ProductBody { productId: string }
interface PushBody { amount: number; periods?: number; termUnit?: number; productId: string }
interface DetailsBody { productId?: string; orderId: string }
interface ContractListBody { productId: string; scene?: number }
interface ContractJumpBody { productId: string; scene?: number; position: number; orderId?: string }
interface ScoreBody { score: number; orderId?: string }
interface EventBody { productId: string; moduleId: number; positionId: number }

/** Interest + service fee of the demo products: 10% of the principal, as one fee line. */
const FEE_RATE = 0.1;

function serviceFee(amount: number): number {
  return Math.round(amount * FEE_RATE);
}

async function product(db: Db, id: string) {
  const p = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  if (!p) throw notFound('Product not found.');
  return p;
}

/** Due dates of a loan: one per period (months) or a single one after N days. */
function schedule(amount: number, periods: number, termUnit: number, start: Date) {
  const total = amount + serviceFee(amount);
  if (termUnit === 1) return [{ no: 1, amount: total, due: addDays(start, periods) }];
  const each = Math.floor(total / periods);
  return Array.from({ length: periods }, (_, i) => ({
    no: i + 1, amount: i === periods - 1 ? total - each * (periods - 1) : each, due: addDays(start, 30 * (i + 1)),
  }));
}

export function registerLoan(app: FastifyInstance, ctx: ServerContext): void {
  const label = ctx.cfg.currencyLabel;

  userEndpoint<ProductBody>(app, ctx, 'loanConfirmDetail', async ({ body, user }) => {
    const p = await product(ctx.db, body.productId);
    const card = await latestCard(ctx.db, user.userId);
    const plan = schedule(p.amount_max, p.periods, p.term_unit, ctx.now());
    const fee = serviceFee(p.amount_max);
    const first = plan[0];
    return {
      productLogo: p.logo, productName: p.name, amount: p.amount_max,
      bankCardInfo: { bankName: card.bankName, cardNo: maskCardNo(card.cardNo) },
      periods: p.periods, termUnit: p.term_unit,
      details: [
        { text: 'Loan amount', value: formatMoney(p.amount_max, label) },
        { text: 'Interest and service fee', value: formatMoney(fee, label) },
        { text: 'Amount received', value: formatMoney(p.amount_max, label) },
        { text: 'Total to repay', value: formatMoney(p.amount_max + fee, label) },
      ],
      repay_plans: plan.map((x) => ({ title: `Period ${x.no}`, description: `Due ${formatDate(x.due)}`, amount: x.amount, pay_time: x.due.toISOString() })),
      firstPayTime: (first?.due ?? ctx.now()).toISOString(),
      firstPeriodDay: p.term_unit === 1 ? p.periods : 30,
      pRateDsc: p.rate_desc, currencySymbol: label, currencyFlag: 0, sendSms: 0,
      isPopType: 1, popTitle: 'Point out', popContent: 'Your loan is almost ready. Are you sure you want to leave?',
      popAgreementUrl: p.sort === 1 ? `/loanAgreement?productId=${encodeURIComponent(p.id)}&scene=3` : '',
      buttonText: 'Loan Now', promoText: `Get up to ${label} ${formatAmount(p.amount_max)} today.`,
    };
  });

  userEndpoint<PushBody>(app, ctx, 'loanPush', async ({ body, user }) => {
    const p = await product(ctx.db, body.productId);
    if (p.enabled !== 1) throw badRequest('This product is not available.');
    if (body.amount < p.amount_min || body.amount > p.amount_max) {
      throw badRequest(`amount: must be between ${p.amount_min} and ${p.amount_max}`);
    }
    // The term is the product's: the client may repeat it, never choose another one.
    if (body.termUnit !== undefined && body.termUnit !== p.term_unit) {
      throw badRequest(`termUnit: this product is lent in ${p.term_unit === 1 ? 'days (termUnit 1)' : 'months (termUnit 2)'}`);
    }
    if (body.periods !== undefined && body.periods !== p.periods) {
      throw badRequest(`periods: this product's term is ${p.periods} ${p.term_unit === 1 ? 'days' : 'months'}`);
    }
    const periods = p.periods;
    const termUnit = p.term_unit;
    const orderId = randomId('O', 6);
    const plan = schedule(body.amount, periods, termUnit, ctx.now());
    await ctx.db.transaction().execute(async (trx) => {
      // Locks the user row against a concurrent account deletion (routes/account.ts).
      const live = await trx.selectFrom('users').select('id').where('id', '=', user.userId).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
      if (!live) throw unauthorized('Unknown session. Please log in again.');
      await trx.insertInto('orders').values({
        id: orderId, user_id: user.userId, product_id: p.id, status: 21, is_delay: 0, amount: body.amount,
        delay_fee: delayFee(body.amount), periods, term_unit: termUnit, pay_mode: 'NOTICE', code_type: 1,
        pay_code: orderId.toUpperCase(), is_score: 0, card_need_pop: 0,
      }).execute();
      for (const x of plan) {
        await trx.insertInto('installments').values({ order_id: orderId, period_no: x.no, total_amount: x.amount, due_time: x.due, paid_at: null }).execute();
      }
    });
    return { lendDetailsUrl: `/loanDetail?orderId=${orderId}&productId=${encodeURIComponent(p.id)}`, orderId };
  });

  userEndpoint<DetailsBody>(app, ctx, 'loanDetails', async ({ body, user }) => {
    const order = await requireOrder(ctx, user, body.orderId);
    const p = await product(ctx.db, order.product_id);
    const rows = await installmentsOf(ctx.db, order.id);
    const due = REPAYABLE.has(order.status) ? outstanding(order, rows) : 0;
    const st = statusText(order.status);
    const contact = await getSetting(ctx.db, 'contact');
    const nextDue = rows.find((r) => !r.paid_at)?.due_time;
    const detail = [
      { text: 'Order No.', value: order.id },
      { text: 'Loan amount', value: formatMoney(order.amount, label) },
      { text: 'Term', value: order.term_unit === 1 ? `${order.periods} days` : `${order.periods} months` },
      { text: 'Apply time', value: formatDateTime(order.created_at) },
    ];
    if (REPAYABLE.has(order.status)) {
      detail.push({ text: 'Amount due', value: formatMoney(due, label) });
      if (nextDue) detail.push({ text: 'Due date', value: formatDate(nextDue) });
    }
    return {
      orderId: order.id, productId: p.id, orderStatus: order.status,
      noticeStatusText: st.text, noticeDesText: st.desc,
      recProducts: await recommendedProducts(ctx.db, label, p.id),
      productName: p.name, productLogo: p.logo, userOrderDetail: { detail },
      inside: 1, h5Url: '', isDelay: order.is_delay, telephone: contact.telephone, isScore: order.is_score,
      playeduL: '', reyMsg: REPAYABLE.has(order.status) ? `Please repay ${formatMoney(due, label)}.` : '',
      cardNeedPop: order.card_need_pop, cardPopTitle: 'Check your account',
      cardPopMsg: 'Please make sure your payment account is correct before withdrawing.', repayAmount: due,
    };
  });

  userEndpoint<ContractListBody>(app, ctx, 'contractList', async ({ body }) => {
    const rows = await ctx.db.selectFrom('contracts').select(['title', 'position'])
      .where('product_id', 'in', [body.productId, '*']).orderBy('position').execute();
    return rows.map((r) => ({ title: r.title, position: r.position }));
  });

  userEndpoint<ContractJumpBody>(app, ctx, 'contractJump', async ({ body, user }) => {
    if (body.orderId) await requireOrder(ctx, user, body.orderId);
    const q = new URLSearchParams({ productId: body.productId, scene: String(body.scene ?? 3), position: String(body.position) });
    if (body.orderId) q.set('orderId', body.orderId);
    return { contract_url: `/loanAgreement?${q.toString()}` };
  });

  userEndpoint<ScoreBody>(app, ctx, 'googleScore', async ({ body, user }) => {
    if (body.orderId) await requireOrder(ctx, user, body.orderId);
    await ctx.db.insertInto('scores').values({ user_id: user.userId, order_id: body.orderId ?? '', score: body.score }).execute();
    return { ok: true };
  });

  userEndpoint<EventBody>(app, ctx, 'eventSave', async ({ body, user }) => {
    await ctx.db.insertInto('events').values({ user_id: user.userId, product_id: body.productId, module_id: body.moduleId, position_id: body.positionId }).execute();
    return { ok: true };
  });
}
