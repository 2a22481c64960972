/**
 * Server view models at the client boundary: the answer's `view` is kept as the server
 * sent it (coerced like any field: "true" is true, "16500000" a number); an answer without it
 * (an older backend) gets the view the same rules derive (src/contract/views.ts), so the layouts
 * that bind to `view` still render. Cases are the shapes a backend sends.
 */
import { describe, expect, it } from 'vitest';
import { orderView, tileView } from '../../../src/contract/views';
import {
  loadResponseValidator,
  normaliseResponse,
  type NormaliseResult,
} from '../../../src/app/http/normalise';

async function normalise(response: string, data: unknown): Promise<NormaliseResult> {
  const module = await loadResponseValidator(response);
  if (!module) throw new Error(`no validator for ${response}`);
  return normaliseResponse(module, data, response);
}
const dataOf = (r: NormaliseResult): Record<string, unknown> => {
  if (!r.ok) throw new Error(`refused: ${r.detail}`);
  return r.data as Record<string, unknown>;
};

const tile = (
  productId: string,
  enabled: unknown,
  link: string,
  extra: Record<string, unknown> = {},
) => ({
  productId,
  logo: '/l.svg',
  name: productId,
  buttonText: 'Apply',
  amountRange: 'TZS 1 - 2',
  rate: 'r',
  description: 'd',
  enabled,
  link,
  ...extra,
});

/** An order as an older backend sends it: statuses and flags as strings, no view. */
const order = (fields: Record<string, unknown>) => ({
  orderId: 'O1',
  productId: 'P1',
  orderStatus: '170',
  noticeStatusText: 'Repaying',
  productName: 'Kopa',
  productLogo: '/l.svg',
  userOrderDetail: { detail: [] },
  repayAmount: '0',
  recProducts: [],
  ...fields,
});

describe('order view rules (product spec 4 "Order status codes")', () => {
  const base = { isDelay: 0, isScore: 0, cardNeedPop: 0, playeduL: '' };
  it.each([
    [21, 0, '21', [], true],
    [110, 0, 'failed', [], true],
    [151, 0, '151', [], true],
    [170, 0, '200', ['repayment'], false],
    [170, 1, '200', ['repayment'], false],
    [174, 1, '174', ['repay', 'rollover'], false],
    [174, 0, '174', ['repayment'], false],
    [180, 1, '180', ['repay', 'rollover'], false],
    [180, 0, '180', ['repayment'], false],
    [200, 0, '200', ['borrowAgain'], false],
    [999, 1, '200', [], true],
  ])(
    'status %i, isDelay %i: icon %s, buttons %j, recommended %s',
    (orderStatus, isDelay, icon, buttons, recommended) => {
      expect(orderView({ ...base, orderStatus, isDelay })).toMatchObject({
        icon,
        buttons,
        recommended,
      });
    },
  );

  it('any status but 21 with a redirect link leaves at once and opens no dialog; 21 stays', () => {
    expect(
      orderView({
        ...base,
        orderStatus: 151,
        cardNeedPop: 1,
        isScore: 1,
        playeduL: 'https://pay.kopa.example/w',
      }),
    ).toMatchObject({ redirectUrl: 'https://pay.kopa.example/w', dialog: '', rating: false });
    expect(
      orderView({ ...base, orderStatus: 21, isScore: 1, playeduL: 'https://pay.kopa.example/w' }),
    ).toMatchObject({ redirectUrl: '', dialog: '', rating: true });
  });

  it('151 opens Withdraw Now (its button then checks the reminder); otherwise cardNeedPop 1 opens the reminder', () => {
    expect(orderView({ ...base, orderStatus: 151, cardNeedPop: 1 }).dialog).toBe('withdraw');
    expect(orderView({ ...base, orderStatus: 170, cardNeedPop: 1 }).dialog).toBe('cardReminder');
    expect(orderView({ ...base, orderStatus: 170, cardNeedPop: 0 }).dialog).toBe('');
  });

  it('tiles: disabled does nothing, an http(s) link (any case) leaves, anything else goes to the app', () => {
    expect(tileView({ enabled: 0, link: 'https://kopa.example' })).toEqual({ opens: 'none' });
    expect(tileView({ enabled: 1, link: 'HTTPS://kopa.example' })).toEqual({ opens: 'web' });
    expect(tileView({ enabled: 1, link: 'kopa://product/P1' })).toEqual({ opens: 'app' });
    expect(tileView({ enabled: 1, link: '' })).toEqual({ opens: 'none' }); // no link, nothing to open
  });
});

describe('loan-details at the boundary', () => {
  it('no view (older backend): derived from the fields, strings coerced first ("180", "1")', async () => {
    const d = dataOf(
      await normalise(
        'loan-details.response',
        order({ orderStatus: '180', isDelay: '1', isScore: '1' }),
      ),
    );
    expect(d.view).toEqual({
      icon: '180',
      buttons: ['repay', 'rollover'],
      recommended: false,
      redirectUrl: '',
      dialog: '',
      rating: true,
    });
  });

  it('view null counts as absent: derived too; the redirect link of a non-review status becomes the redirect', async () => {
    const d = dataOf(
      await normalise(
        'loan-details.response',
        order({ orderStatus: 151, playeduL: 'https://pay.kopa.example/w', view: null }),
      ),
    );
    expect(d.view).toMatchObject({
      icon: '151',
      redirectUrl: 'https://pay.kopa.example/w',
      dialog: '',
    });
  });

  it("the server's view is kept as sent, its fields coerced to their types", async () => {
    const view = {
      icon: '174',
      buttons: ['repayment'],
      recommended: 'false',
      redirectUrl: '',
      dialog: 'cardReminder',
      rating: 'true',
      amountDue: '16500000',
    };
    // orderStatus 21 would derive other answers: the server's view wins.
    const d = dataOf(await normalise('loan-details.response', order({ orderStatus: 21, view })));
    expect(d.view).toEqual({
      icon: '174',
      buttons: ['repayment'],
      recommended: false,
      redirectUrl: '',
      dialog: 'cardReminder',
      rating: true,
      amountDue: 16_500_000,
    });
  });

  it('a view with its optional parts left out gets their defaults', async () => {
    const d = dataOf(
      await normalise(
        'loan-details.response',
        order({ view: { icon: '200', recommended: false } }),
      ),
    );
    expect(d.view).toEqual({
      icon: '200',
      buttons: [],
      recommended: false,
      redirectUrl: '',
      dialog: '',
      rating: false,
    });
  });

  it('a view the app cannot read is replaced by the one the rules derive, and the reason reported', async () => {
    const star = await normalise(
      'loan-details.response',
      order({ view: { icon: 'star', buttons: [], recommended: true } }),
    );
    expect(star.ok && star.problems).toEqual([
      'data.view.icon must be one of ["21","151","failed","174","180","200"] (left out)',
      'data.view.icon is missing',
    ]);
    expect(dataOf(star).view).toEqual(
      orderView({ orderStatus: 170, isDelay: 0, isScore: 0, cardNeedPop: 0, playeduL: '' }),
    );
    const fly = await normalise(
      'loan-details.response',
      order({ view: { icon: '21', buttons: ['fly'], recommended: true } }),
    );
    expect(fly.ok && fly.problems).toEqual([
      'data.view.buttons.0 must be one of ["repay","rollover","repayment","borrowAgain"] (left out)',
    ]);
    expect(dataOf(fly).view).toMatchObject({
      icon: '200',
      buttons: ['repayment'],
      recommended: false,
    });
  });

  it('recommended tiles without view get it from enabled ("0" disables) and link; a sent one is kept', async () => {
    const recProducts = [
      tile('P1', '0', 'https://a.example'),
      tile('P2', 1, 'kopa://p2'),
      tile('P3', '1', 'https://b.example', { view: { opens: 'app' } }),
    ];
    const d = dataOf(await normalise('loan-details.response', order({ recProducts })));
    expect((d.recProducts as Array<{ view: unknown }>).map((t) => t.view)).toEqual([
      { opens: 'none' },
      { opens: 'app' },
      { opens: 'app' },
    ]);
  });
});

describe('union-error-info at the boundary', () => {
  it('family tiles without view get it; with no family the list is empty', async () => {
    const d = dataOf(
      await normalise('union-error-info.response', {
        errMessage: 'Failed',
        family: [tile('P1', 1, 'http://x.example'), tile('P2', 0, 'kopa://p2')],
      }),
    );
    expect((d.family as Array<{ view: unknown }>).map((t) => t.view)).toEqual([
      { opens: 'web' },
      { opens: 'none' },
    ]);
    expect(
      dataOf(await normalise('union-error-info.response', { errMessage: 'Failed' })).family,
    ).toEqual([]);
  });
});
