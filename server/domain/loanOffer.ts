/**
 * The loan offer and taking the loan, shared by the v3 endpoints (routes/loan.ts) and the older
 * obfuscated family (routes/legacy.ts): one set of rules whichever page the borrower uses.
 */
import type { RequestOf, ResponseOf } from '@kopa/contract';
import type { AppConfig } from '../core/config';
import type { Db } from '../db';
import { badRequest, BusinessError, notFound, unauthorized } from '../core/errors';
import type { SessionUser } from './borrower';
import { addDays, formatAmount, formatLabelledAmount, maskCardNo } from './format';
import { termUnitOf } from './flags';
import { delayFee } from './orders';
import { latestCard } from './storedSettings';
import { randomId } from './tokens';

/** What an offer reads: the database, the clock and the currency's label. */
interface OfferDeps {
  db: Db;
  now: () => Date;
  cfg: Pick<AppConfig, 'currencyLabel'>;
}

/** Refused take: the borrower has no payout account yet (the page offers to bind one). */
export const NO_PAYOUT_ACCOUNT = '1101';

/** Interest + service fee of the demo products: 10% of the principal, as one fee line. */
const FEE_RATE = 0.1;

export function serviceFee(amount: number): number {
  return Math.round(amount * FEE_RATE);
}

export async function findProduct(db: Db, id: string) {
  const p = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  if (!p) throw notFound('Product not found.');
  return p;
}

/** Due dates of a loan: one per period (months) or a single one after N days. */
export function schedule(amount: number, periods: number, termUnit: number, start: Date) {
  const total = amount + serviceFee(amount);
  if (termUnit === 1) return [{ no: 1, amount: total, due: addDays(start, periods) }];
  const each = Math.floor(total / periods);
  return Array.from({ length: periods }, (_, i) => ({
    no: i + 1,
    amount: i === periods - 1 ? total - each * (periods - 1) : each,
    due: addDays(start, 30 * (i + 1)),
  }));
}

/** The loan confirm response (spec section 3) for the borrower's chosen product. */
export async function loanOffer(
  ctx: OfferDeps,
  user: SessionUser,
  productId: string,
): Promise<ResponseOf<'loanConfirmDetail'>> {
  const label = ctx.cfg.currencyLabel;
  const p = await findProduct(ctx.db, productId);
  const card = await latestCard(ctx.db, user.userId);
  const plan = schedule(p.amount_max, p.periods, p.term_unit, ctx.now());
  const fee = serviceFee(p.amount_max);
  const first = plan[0];
  return {
    productLogo: p.logo,
    productName: p.name,
    amount: p.amount_max,
    // No account yet: empty names (the page then asks for one; it treats an absent block the same).
    bankCardInfo: { bankName: card.bankName, cardNo: maskCardNo(card.cardNo) },
    periods: p.periods,
    termUnit: termUnitOf(p.term_unit),
    details: [
      { text: 'Loan amount', value: formatLabelledAmount(p.amount_max, label) },
      { text: 'Interest and service fee', value: formatLabelledAmount(fee, label) },
      { text: 'Amount received', value: formatLabelledAmount(p.amount_max, label) },
      { text: 'Total to repay', value: formatLabelledAmount(p.amount_max + fee, label) },
    ],
    // The row's date is pay_time; the description says what the amount is, not the date again.
    repay_plans: plan.map((x) => ({
      title: `Period ${x.no}`,
      description: 'Principal, interest and fees',
      amount: x.amount,
      pay_time: x.due.toISOString(),
    })),
    firstPayTime: (first?.due ?? ctx.now()).toISOString(),
    firstPeriodDay: p.term_unit === 1 ? p.periods : 30,
    // The older screen's flag: 1 rupee, otherwise peso (spec section 1); this market sends 0.
    pRateDsc: p.rate_desc,
    currencySymbol: label,
    currencyFlag: 0,
    sendSms: 0,
    isPopType: 1,
    popTitle: 'Point out',
    popContent: 'Your loan is almost ready. Are you sure you want to leave?',
    popAgreementUrl:
      p.sort === 1 ? `/loanAgreement?productId=${encodeURIComponent(p.id)}&scene=3` : '',
    buttonText: 'Loan Now',
    promoText: `Get up to ${label} ${formatAmount(p.amount_max)} today.`,
  };
}

/**
 * Takes the loan: the product's own term only, the amount within its bounds, a payout account
 * bound, and the order with its installments written in one transaction.
 */
export async function pushLoan(ctx: OfferDeps, user: SessionUser, body: RequestOf<'loanPush'>) {
  const p = await findProduct(ctx.db, body.productId);
  if (p.enabled !== 1) throw badRequest('This product is not available.');
  if (body.amount < p.amount_min || body.amount > p.amount_max) {
    throw badRequest(`amount: must be between ${p.amount_min} and ${p.amount_max}`);
  }
  // The term is the product's: the client may repeat it, never choose another one.
  if (body.termUnit !== undefined && body.termUnit !== p.term_unit) {
    throw badRequest(
      `termUnit: this product is lent in ${p.term_unit === 1 ? 'days (termUnit 1)' : 'months (termUnit 2)'}`,
    );
  }
  if (body.periods !== undefined && body.periods !== p.periods) {
    throw badRequest(
      `periods: this product's term is ${p.periods} ${p.term_unit === 1 ? 'days' : 'months'}`,
    );
  }
  // Money must have somewhere to go, whatever the page sent (the page asks first).
  if (!(await latestCard(ctx.db, user.userId)).cardNo) {
    throw new BusinessError(
      NO_PAYOUT_ACCOUNT,
      'Please add a payout account before taking the loan.',
    );
  }
  const periods = p.periods;
  const termUnit = p.term_unit;
  const orderId = randomId('O', 6);
  const plan = schedule(body.amount, periods, termUnit, ctx.now());
  await ctx.db.transaction().execute(async (trx) => {
    // Locks the user row against a concurrent account deletion (routes/account.ts).
    const live = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', user.userId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!live) throw unauthorized('Unknown session. Please log in again.');
    await trx
      .insertInto('orders')
      .values({
        id: orderId,
        user_id: user.userId,
        product_id: p.id,
        status: 21,
        is_delay: 0,
        amount: body.amount,
        delay_fee: delayFee(body.amount),
        periods,
        term_unit: termUnit,
        pay_mode: 'NOTICE',
        code_type: 1,
        pay_code: orderId.toUpperCase(),
        is_score: 0,
        card_need_pop: 0,
      })
      .execute();
    for (const x of plan) {
      await trx
        .insertInto('installments')
        .values({
          order_id: orderId,
          period_no: x.no,
          total_amount: x.amount,
          due_time: x.due,
          paid_at: null,
        })
        .execute();
    }
  });
  return {
    lendDetailsUrl: `/loanDetail?orderId=${orderId}&productId=${encodeURIComponent(p.id)}`,
    orderId,
  };
}
