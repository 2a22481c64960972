/**
 * The installment plan's answer from the rows it is made of: a pure function, so the route and the
 * server bench's bare handler (scripts/bench/server) build the same JSON from the same rows.
 */
import type { ResponseOf } from '@kopa/contract';
import type { Order } from '../db/types';
import { marketDate, formatLabelledAmount, maskCardNo } from './format';
import { outstanding, REPAYABLE, type InstallmentRow } from './orders';
import type { ContactSettings, Wallet } from './storedSettings';

/** Lowest amount accepted by the installment screen: TZS 1.000,00 or the balance if lower. */
const MIN_PAYMENT = 100_000;

/** One row of the installment plan as installment-plan answers it. */
type PlanItem = ResponseOf<'installmentPlan'>['repayPlanDetail']['repayWaitDetail'][number];

export interface PlanFacts {
  order: Order;
  productName: string;
  rows: InstallmentRow[];
  card: { bankName: string; bankNode: string; cardNo: string };
  contact: ContactSettings;
  wallets: Wallet[];
  now: Date;
  label: string;
}

function planItems(
  rows: InstallmentRow[],
  paidAmount: number,
  now: Date,
  label: string,
): { wait: PlanItem[]; yet: PlanItem[] } {
  let cumulative = 0;
  let firstPending = true;
  const today = marketDate(now);
  const wait: PlanItem[] = [];
  const yet: PlanItem[] = [];
  for (const r of rows) {
    const before = cumulative;
    cumulative += r.total_amount;
    if (r.paid_at) {
      yet.push({
        periodNo: r.period_no,
        totalAmount: r.total_amount,
        displayAmount: formatLabelledAmount(r.total_amount, label),
        canClick: 0,
        check: 0,
        periodStatus: 1,
        dueTime: r.due_time.toISOString(),
        statusText: 'Paid',
      });
      continue;
    }
    // A partial payment beyond the paid installments reduces the first pending one.
    const left = Math.max(0, cumulative - Math.max(paidAmount, before));
    // By the market's calendar day, as dueNow counts it: an installment due today is not overdue yet.
    const day = marketDate(r.due_time);
    const overdue = day < today;
    const statusText = overdue ? 'Overdue' : day === today ? 'Due today' : 'Pending';
    wait.push({
      periodNo: r.period_no,
      totalAmount: left,
      displayAmount: formatLabelledAmount(left, label),
      canClick: firstPending ? 1 : 0,
      check: firstPending ? 1 : 0,
      periodStatus: overdue ? 2 : 0,
      dueTime: r.due_time.toISOString(),
      statusText,
    });
    firstPending = false;
  }
  return { wait, yet };
}

export function installmentPlanAnswer(f: PlanFacts): ResponseOf<'installmentPlan'> {
  const due = REPAYABLE.has(f.order.status) ? outstanding(f.order, f.rows) : 0;
  const { wait, yet } = planItems(f.rows, f.order.paid_amount, f.now, f.label);
  return {
    bankCardInfo: {
      bankName: f.card.bankName,
      bankNode: f.card.bankNode,
      cardNo: maskCardNo(f.card.cardNo),
    },
    bankList: f.wallets,
    amountMax: due,
    amountMin: Math.min(MIN_PAYMENT, due),
    productName: f.productName,
    repayPlanDetail: { repayWaitCount: wait.length, repayWaitDetail: wait, repayYetDetail: yet },
    note: 'Repay before the due date to avoid a late penalty of 10% per month on the outstanding amount.',
    telephone: f.contact.telephone,
    showSubmitUtr: 1,
  };
}
