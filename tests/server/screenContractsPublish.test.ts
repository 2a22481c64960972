/**
 * The publish gate holds the screen contracts (config/screen-contracts.json): a draft of /repay
 * whose Pay Now can no longer call generateVcode is refused with 422, its issue naming the
 * screen and the call, in the draft's problem list and at publish, whatever way Pay Now was lost.
 */
import { describe, expect, it } from 'vitest';
import { operatorForFile } from './studioApi';

const api = operatorForFile();

type Obj = Record<string, unknown>;
const payNowOf = (doc: Obj) => ((doc.body as Obj[])[8]?.children as Obj[])[2] as Obj;

const WANT =
  'screen /repay must let the borrower call generateVcode (Pay Now: the borrower can always start a repayment; config/screen-contracts.json)';

describe('publish gate: screen contracts', () => {
  it.each<[string, (doc: Obj) => void]>([
    ['visible {{ false }}', (d) => (payNowOf(d).visible = '{{ false }}')],
    [
      'without its role, hidden',
      (d) => {
        delete payNowOf(d).role;
        payNowOf(d).visible = false;
      },
    ],
    ['deleted', (d) => ((d.body as Obj[])[8]?.children as Obj[]).splice(2, 1)],
    [
      'moved into a dialog nothing opens',
      (d) => {
        const p = ((d.body as Obj[])[8]?.children as Obj[]).splice(2, 1)[0];
        d.dialogs = [...(d.dialogs as Obj[]), { type: 'dialog', id: 'payLater', children: [p] }];
      },
    ],
    ['always disabled', (d) => (payNowOf(d).disabled = true)],
  ])('refuses Pay Now %s with 422 naming the screen and the call', async (_, edit) => {
    const detail = await api('GET', '/layouts/repay');
    const doc = JSON.parse((detail.body.data.published as { content: string }).content) as Obj;
    expect(payNowOf(doc).id).toBe('payNow');
    edit(doc);
    const content = JSON.stringify(doc, null, 2);
    const saved = await api('PUT', '/layouts/repay/draft', { content });
    expect(saved.status).toBe(200);
    const problems = saved.body.data.issues as { code: string; message: string }[];
    expect(problems.map((i) => i.code)).toEqual(['screen-contract']);
    expect(problems[0]?.message).toContain(WANT);

    const res = await api('POST', '/layouts/repay/publish', { note: 'tidy up' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Not published: 1 problem(s) in the draft.');
    const issues = res.body.data.issues as { code: string; message: string; file: string }[];
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code: 'screen-contract', file: 'layouts/repay.json' });
    expect(issues[0]?.message).toContain(WANT);
  });
});
