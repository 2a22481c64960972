/**
 * The v3 repayment pages: installment plan, deferral detail, generate-vcode (PAY_URL or a
 * notice with tradeNo), submit-utr, and the repayment-by-code info.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../http/context';
import { userEndpoint, withMessage, type Handler } from '../http/endpoint';
import { badRequest, BusinessError } from '../core/errors';
import { addDays, marketDate, formatLabelledAmount, maskCardNo } from '../domain/format';
import { installmentsOf, outstanding, REPAYABLE } from '../domain/orders';
import { installmentPlanAnswer } from '../domain/planAnswer';
import { getSetting, getSettings, latestCard } from '../domain/storedSettings';
import { randomId } from '../domain/tokens';
import { requireOrder, requireOrderWithProduct, type SessionUser } from '../http/session';

const DELAY_DAYS = 7;
const NO_ACCOUNT = 'Enter your wallet account number. No payment request was sent.';
const NOT_DEFERRABLE =
  'This order cannot be deferred. Please repay the amount due from the Repayment page.';

/**
 * The wallet account a payment request goes to: the number the borrower entered, or (none entered)
 * the bound account when it is one of the wallets offered. The plan shows the bound account masked
 * and the page sends no number for it, so the number never travels to the page and back. Null:
 * no account to send the request to.
 */
async function payAccount(
  ctx: ServerContext,
  userId: string,
  body: { cardNo?: string; bankCode?: string },
): Promise<{ cardNo: string; bankCode: string } | null> {
  const typed = (body.cardNo ?? '').trim();
  if (typed !== '') return { cardNo: typed, bankCode: body.bankCode ?? '' };
  const card = await latestCard(ctx.db, userId);
  const wallets = await getSetting(ctx.db, 'wallets');
  const wallet = wallets.find((w) => w.name === card.bankName);
  if (card.cardNo === '' || !wallet) return null;
  return { cardNo: card.cardNo, bankCode: wallet.type };
}

/** The NOTICE dialog text: the request went to the wallet account the borrower entered. */
function walletNotice(amount: number, label: string): string {
  return `A payment request of ${formatLabelledAmount(amount, label)} was sent to your wallet. Approve it with your PIN, then keep the trade number as proof.`;
}

export function registerRepayPages(app: FastifyInstance, ctx: ServerContext): void {
  userEndpoint(app, ctx, 'installmentPlan', installmentPlan(ctx));
  userEndpoint(app, ctx, 'delayDetail', delayDetail(ctx));
  userEndpoint(app, ctx, 'generateVcode', generateVcode(ctx));
  userEndpoint(app, ctx, 'submitUtr', submitUtr(ctx));
  userEndpoint(app, ctx, 'repaymentCodeInfo', repaymentCodeInfo(ctx));
}

const installmentPlan =
  (ctx: ServerContext): Handler<'installmentPlan', SessionUser> =>
  async ({ body, user }) => {
    const label = ctx.cfg.currencyLabel;
    // Five reads: the session (endpoint), the order with its product, the plan, the card, both settings.
    const { order, product } = await requireOrderWithProduct(ctx, user, body.orderId);
    const rows = await installmentsOf(ctx.db, order.id);
    const card = await latestCard(ctx.db, user.userId);
    const { contact, wallets } = await getSettings(ctx.db, ['contact', 'wallets']);
    return installmentPlanAnswer({
      order,
      productName: product.name,
      rows,
      card,
      contact,
      wallets,
      now: ctx.now(),
      label,
    });
  };

const delayDetail =
  (ctx: ServerContext): Handler<'delayDetail', SessionUser> =>
  async ({ body, user }) => {
    const label = ctx.cfg.currencyLabel;
    const order = await requireOrder(ctx, user, body.orderId);
    const rows = await installmentsOf(ctx.db, order.id);
    const due = outstanding(order, rows);
    const nextDue = rows.find((r) => !r.paid_at)?.due_time ?? ctx.now();
    const card = await latestCard(ctx.db, user.userId);
    const contact = await getSetting(ctx.db, 'contact');
    // One source for the fee: the header (delayShouldPayAmount), the fee line and the plan all
    // come from `deferrable`, so a non-deferrable order never shows a fee or a new due date.
    const deferrable = order.is_delay === 1 && REPAYABLE.has(order.status);
    return {
      bankCardInfo: {
        bankName: card.bankName,
        bankNode: card.bankNode,
        cardNo: maskCardNo(card.cardNo),
      },
      remind: deferrable
        ? `After paying the deferral fee your due date moves by ${DELAY_DAYS} days. The outstanding amount is unchanged.`
        : NOT_DEFERRABLE,
      bankList: await getSetting(ctx.db, 'wallets'),
      detail: deferrable
        ? [
            { text: 'Deferral fee', value: formatLabelledAmount(order.delay_fee, label) },
            { text: 'Deferral days', value: `${DELAY_DAYS} days` },
            { text: 'Outstanding amount', value: formatLabelledAmount(due, label) },
          ]
        : [{ text: 'Outstanding amount', value: formatLabelledAmount(due, label) }],
      repayDetail: deferrable
        ? [
            { text: 'New due date', value: marketDate(addDays(nextDue, DELAY_DAYS)) },
            { text: 'Amount due then', value: formatLabelledAmount(due, label) },
          ]
        : [],
      delayShouldPayAmount: deferrable ? order.delay_fee : 0,
      showSubmitUtr: 1,
      telephone: contact.telephone,
    };
  };

const generateVcode =
  (ctx: ServerContext): Handler<'generateVcode', SessionUser> =>
  async ({ body, user }) => {
    const label = ctx.cfg.currencyLabel;
    const order = await requireOrder(ctx, user, body.orderId);
    if (!REPAYABLE.has(order.status))
      throw new BusinessError('800001', 'This order has nothing to repay.');
    if (body.isDelay === 1) {
      if (order.is_delay !== 1) throw new BusinessError('800002', 'This order cannot be deferred.');
      if (body.amount !== order.delay_fee)
        throw badRequest(`amount: the deferral fee is ${order.delay_fee}`);
    } else {
      const due = outstanding(order, await installmentsOf(ctx.db, order.id));
      if (body.amount > due)
        throw badRequest(`amount: must not exceed the outstanding amount (${due})`);
    }
    // A request goes to a wallet only with an account number to send it to (typed, or the bound
    // wallet's): without one nothing is recorded and no trade number is made
    // (docs/decisions/002-repayment-numbers-and-states.md, "Wallet account number").
    const account = await payAccount(ctx, user.userId, body);
    if (!account) throw badRequest(NO_ACCOUNT);
    const tradeNo = randomId('T', 6).toUpperCase();
    const payUrl =
      order.pay_mode === 'PAY_URL' ? `https://pay.kopa.example/checkout?tradeNo=${tradeNo}` : '';
    await ctx.db
      .insertInto('trades')
      .values({
        trade_no: tradeNo,
        user_id: user.userId,
        order_id: order.id,
        amount: body.amount,
        is_delay: body.isDelay,
        card_no: account.cardNo,
        bank_code: account.bankCode,
        repay_type: order.pay_mode,
      })
      .execute();
    return order.pay_mode === 'PAY_URL'
      ? { repayType: 'PAY_URL', payUrl, notice: '', tradeNo }
      : { repayType: 'NOTICE', payUrl: '', tradeNo, notice: walletNotice(body.amount, label) };
  };

const submitUtr =
  (ctx: ServerContext): Handler<'submitUtr', SessionUser> =>
  async ({ body, user }) => {
    const order = await requireOrder(ctx, user, body.orderId);
    await ctx.db
      .insertInto('utrs')
      .values({
        user_id: user.userId,
        order_id: order.id,
        utr: body.utr,
        is_delay: body.isDelay ?? 0,
      })
      .execute();
    return withMessage({ utr: body.utr }, 'UTR submitted. We will verify your payment shortly.');
  };

const repaymentCodeInfo =
  (ctx: ServerContext): Handler<'repaymentCodeInfo', SessionUser> =>
  async ({ body, user }) => {
    const order = await requireOrder(ctx, user, body.orderId);
    const due = REPAYABLE.has(order.status)
      ? outstanding(order, await installmentsOf(ctx.db, order.id))
      : 0;
    return {
      type: order.code_type === 2 ? 2 : 1,
      repayAmount: due,
      delayInfo: { delayAmount: order.is_delay === 1 ? order.delay_fee : 0 },
      currencyFlag: 0, // the spec's system param: 1 rupee, otherwise peso
      payCode: order.pay_code,
      channelImage: '/assets/demo/channel-mpesa.svg',
      qrContent: `kopa-pay:${order.pay_code}:${due}`,
      defDetail: {
        logo: '/assets/demo/pay-logo.svg',
        payCode: order.pay_code,
        payNotice: await getSetting(ctx.db, 'payNotice'),
      },
    };
  };
