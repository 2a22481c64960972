/** Restarting the server keeps every repayment, complaint, upload and deletion. */
import { describe, expect, it } from 'vitest';
import {
  expectSuccess,
  fakeClock,
  multipart,
  PNG_1PX,
  SESSION_QS,
  smsCode,
  startServer,
  USER,
} from './helpers';

describe('persistence across restart', () => {
  it('keeps repayments, complaints, uploads and deletions', async () => {
    const clock = fakeClock();
    const first = await startServer({ now: clock.now });
    let second: Awaited<ReturnType<typeof first.restart>> | undefined;
    try {
      const way = expectSuccess(
        'repaymentWay',
        await first.call('repaymentWay', {}, { qs: `${SESSION_QS}&orderId=O170` }),
      ) as { repayToken: string };
      const commit = () =>
        first.call(
          'repaymentCommit',
          { amount: 123_400, cardId: 'CARD1', orderId: 'O170', repayToken: way.repayToken },
          { headers: { 'idempotency-key': 'persist-key-0001' } },
        );
      const rec = expectSuccess('repaymentCommit', await commit()) as { repayRecordId: string };
      const up = await first.inject({
        method: 'POST',
        url: `/vexed/user-problem/upload-problem-img?${SESSION_QS}`,
        ...multipart('problemImage', 'a.png', PNG_1PX),
      });
      const img = (up.json() as { data: { url: string } }).data.url;
      const saved = expectSuccess(
        'problemSave',
        await first.call('problemSave', {
          problemType: 2,
          problemDetail: 'Kept after restart',
          problemImage: img,
          orderNo: 'O170',
        }),
      ) as { problemId: string };
      // Delete a borrower of its own (no loans), so the demo borrowers stay usable for the checks below.
      const made = (
        await first.inject({
          method: 'POST',
          url: '/__test/users',
          payload: { phone: '0755000444' },
        })
      ).json().data as { userId: string; sessionId: string; phone: string };
      const otherQs = `userId=${made.userId}&sessionId=${made.sessionId}`;
      expectSuccess(
        'sendSmsCodeNew',
        await first.call('sendSmsCodeNew', { phone: made.phone, type: 'del' }, { qs: otherQs }),
      );
      const code = await smsCode(first, made.phone);
      expectSuccess(
        'userDelete',
        await first.call('userDelete', { phone: made.phone, code }, { qs: otherQs }),
      );
      await first.close({ keepData: true });

      second = await first.restart();
      const again = expectSuccess(
        'repaymentCommit',
        await second.call(
          'repaymentCommit',
          { amount: 123_400, cardId: 'CARD1', orderId: 'O170', repayToken: way.repayToken },
          { headers: { 'idempotency-key': 'persist-key-0001' } },
        ),
      ) as { repayRecordId: string };
      expect(again.repayRecordId).toBe(rec.repayRecordId);
      const rows = await second.db
        .selectFrom('repayments')
        .selectAll()
        .where('idempotency_key', '=', 'persist-key-0001')
        .execute();
      expect(rows).toHaveLength(1);
      const d = expectSuccess(
        'problemDetail',
        await second.call('problemDetail', { problemId: saved.problemId }),
      ) as { content: string; images: string[] };
      expect(d.content).toBe('Kept after restart');
      expect(d.images).toEqual([img]);
      const back = await second.inject({ method: 'GET', url: img });
      expect(back.rawPayload.equals(PNG_1PX)).toBe(true);
      expect(
        (await second.call('loanConfirmDetail', { productId: 'P001' }, { qs: otherQs })).status,
      ).toBe(401);
      expect(
        (
          await second.call(
            'loanDetails',
            { orderId: 'O170' },
            { qs: `userId=${USER.userId}&sessionId=${USER.sessionId}` },
          )
        ).status,
      ).toBe(200);
      // The seed did not run twice: still exactly the three seeded complaints plus ours.
      const problems = await second.db.selectFrom('problems').select('id').execute();
      expect(problems).toHaveLength(4);
    } finally {
      await (second ?? first).close();
    }
  });
});
