/** Shared calls and ledger reads for the repayment-by-card tests (HTTP through s.call, rows from s.db). */
import { expectSuccess, url, USER, type Envelope, type TestServer } from './helpers';

/**
 * ip: send from this address. The server's global rate limit (600 calls a minute per address)
 * would otherwise answer a 1000-request race with 429s before it reaches the money code.
 */
export interface CommitOpts {
  orderId: string;
  key: string;
  amount: number;
  cardId?: string;
  sendMsg?: number;
  ip?: string;
}

export function repayKit(get: () => TestServer) {
  const s = () => get();
  const qs = (orderId: string) =>
    `userId=${USER.userId}&sessionId=${USER.sessionId}&orderId=${orderId}`;
  // The promise is kept, so 1000 parallel commits fetch the token once.
  const tokens = new Map<string, Promise<string>>();

  function token(orderId: string): Promise<string> {
    const known = tokens.get(orderId);
    if (known) return known;
    const t = s()
      .call('repaymentWay', {}, { qs: qs(orderId) })
      .then((way) => (expectSuccess('repaymentWay', way) as { repayToken: string }).repayToken);
    tokens.set(orderId, t);
    return t;
  }

  async function commit(o: CommitOpts) {
    const cardId = o.cardId ?? 'CARD1';
    const body: Record<string, unknown> = {
      amount: o.amount,
      bankName: cardId === 'CARD2' ? 'M-Pesa' : 'CRDB Bank',
      cardId,
      cardNo: '**** 6789',
      couponId: '',
      orderId: o.orderId,
      repayToken: await token(o.orderId),
      bankCode: cardId === 'CARD2' ? '90006' : 'CRDB',
    };
    if (o.sendMsg !== undefined) body.sendMsg = o.sendMsg;
    if (!o.ip) return s().call('repaymentCommit', body, { headers: { 'idempotency-key': o.key } });
    const res = await s().inject({
      method: 'POST',
      url: url('repaymentCommit'),
      remoteAddress: o.ip,
      payload: new URLSearchParams(Object.entries(body).map(([n, v]) => [n, String(v)])).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': o.key },
    });
    return { status: res.statusCode, body: res.json() as Envelope, headers: res.headers };
  }

  const confirm = (orderId: string, repaymentRecordId: string, verifyCode: string) =>
    s().call('repaymentConfirm', { orderId, verifyCode, repaymentRecordId });
  const resend = (orderId: string, repaymentRecordId: string) =>
    s().call('repaymentResend', { orderId, repaymentRecordId });
  const cancel = (orderId: string, repaymentRecordId: string) =>
    s().call('repaymentCancel', { orderId, repaymentRecordId });

  const rows = (orderId: string) =>
    s().db.selectFrom('repayments').selectAll().where('order_id', '=', orderId).execute();

  /** The ledger of one order: what is due now, what the order says is paid, what the success records add up to. */
  async function ledger(orderId: string) {
    const order = await s()
      .db.selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const inst = await s()
      .db.selectFrom('installments')
      .select('total_amount')
      .where('order_id', '=', orderId)
      .execute();
    const total = inst.reduce((a, r) => a + r.total_amount, 0);
    const booked = (await rows(orderId))
      .filter((r) => r.status === 'success')
      .reduce((a, r) => a + r.amount, 0);
    return {
      total,
      paid: order.paid_amount,
      due: Math.max(0, total - order.paid_amount),
      booked,
      status: order.status,
    };
  }

  return { token, commit, confirm, resend, cancel, rows, ledger };
}

/** A distinct client address per request number (10.x.y.z). */
export const ipOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** A code other than `code` with the same length. */
export function otherCode(code: string): string {
  return code
    .split('')
    .map((d) => String((Number(d) + 1) % 10))
    .join('');
}
