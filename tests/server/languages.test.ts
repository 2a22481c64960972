/**
 * Contract section 7: the server's texts follow the page's `lang` (which every API
 * call carries): statuses, detail lines, question types, form labels, notices and error messages,
 * from the same catalogue as the app (messages/**). English without `lang`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSuccess, OTHER, SESSION_QS, startServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

const qs = (lang: string, extra = '') =>
  [SESSION_QS, lang ? `lang=${lang}` : '', extra].filter(Boolean).join('&');

describe("answers in the page's language", () => {
  it('loan details: status, description and detail lines in zh, id and (by default) English', async () => {
    const read = async (lang: string) =>
      expectSuccess(
        'loanDetails',
        await s.call('loanDetails', { orderId: 'O180D' }, { qs: qs(lang) }),
      ) as {
        noticeStatusText: string;
        userOrderDetail: { detail: { text: string; value: string }[] };
      };
    const en = await read('');
    expect(en.noticeStatusText).toBe('Overdue');
    expect(en.userOrderDetail.detail.map((d) => d.text)).toContain('Order No.');
    const zh = await read('zh');
    expect(zh.noticeStatusText).toBe('已逾期');
    expect(zh.userOrderDetail.detail.map((d) => d.text)).toEqual(
      expect.arrayContaining(['订单号', '借款金额', '期限']),
    );
    expect(zh.userOrderDetail.detail.find((d) => d.text === '期限')?.value).toBe('3 个月');
    const id = await read('id-ID');
    expect(id.noticeStatusText).toBe('Terlambat');
    expect(id.userOrderDetail.detail.find((d) => d.text === 'Jangka waktu')?.value).toBe('3 bulan');
  });

  it("installment statuses, complaint types and the bank form's labels and options", async () => {
    const plan = expectSuccess(
      'installmentPlan',
      await s.call('installmentPlan', { productId: 'P002', orderId: 'O180D' }, { qs: qs('zh') }),
    ) as {
      repayPlanDetail: {
        repayWaitDetail: { statusText: string }[];
        repayYetDetail: { statusText: string }[];
      };
    };
    expect(plan.repayPlanDetail.repayWaitDetail.map((r) => r.statusText)).toEqual([
      '已逾期',
      '待还',
    ]);
    expect(plan.repayPlanDetail.repayYetDetail.map((r) => r.statusText)).toEqual(['已还']);
    const init = expectSuccess(
      'problemInit',
      await s.call('problemInit', {}, { qs: qs('id') }),
    ) as { typeList?: unknown };
    expect(JSON.stringify(init)).toContain('Penagihan');
    expect(JSON.stringify(init)).not.toContain('Collection');
    const form = expectSuccess(
      'cardInit',
      await s.call('cardInit', { product_id: 'P001' }, { qs: qs('zh') }),
    ) as { items: { title: string; note: unknown }[] };
    expect(form.items.map((i) => i.title)).toContain('账户类型');
    expect(form.items[0]!.note).toEqual([
      { name: '手机钱包', type: '1' },
      { name: '银行卡', type: '2' },
    ]);
  });

  it('error messages: a 4xx and a business error', async () => {
    // No number typed and no bound wallet (the other borrower's bound account is a bank account).
    const missing = await s.call(
      'generateVcode',
      {
        product_id: 'P001',
        orderId: OTHER.orderId,
        amount: 100_000,
        bankCode: '90006',
        isDelay: 0,
        cardNo: '',
      },
      { qs: `userId=${OTHER.userId}&sessionId=${OTHER.sessionId}&lang=zh` },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('请输入您的钱包账号。未发送任何付款请求。');
    const other = await s.call('loanDetails', { orderId: 'O2170' }, { qs: qs('id') });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('Pesanan ini milik pengguna lain.');
    const notDeferrable = await s.call(
      'generateVcode',
      {
        product_id: 'P002',
        orderId: 'O170',
        amount: 100,
        bankCode: '90006',
        isDelay: 1,
        cardNo: '0712',
      },
      { qs: qs('zh') },
    );
    expect(notDeferrable.body).toMatchObject({ code: '800002', message: '该订单不能展期。' });
  });
});
