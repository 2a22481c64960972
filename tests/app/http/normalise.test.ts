/**
 * The response boundary: each endpoint's data passes its generated response validator
 * with scalar coercion and the schema's defaults; what cannot be made valid is refused with a
 * reason. Cases are the shapes a real backend sends for the same meaning.
 */
import { describe, expect, it } from 'vitest';
import {
  loadResponseValidator,
  normaliseResponse,
  type NormaliseResult,
} from '../../../src/app/http/normalise';
import { realCatalogue } from './wire';

async function normalise(response: string, data: unknown): Promise<NormaliseResult> {
  const module = await loadResponseValidator(response);
  if (!module) throw new Error(`no validator for ${response}`);
  return normaliseResponse(module, data);
}
const dataOf = (r: NormaliseResult): unknown => (r.ok ? r.data : `refused: ${r.detail}`);

describe('response normaliser: the four answer shapes', () => {
  it('repayment-commit: needValid "1" is 1, absent is 0, a numeric record id is a string', async () => {
    expect(
      dataOf(await normalise('repayment-commit.response', { needValid: '1', repayRecordId: 'R1' })),
    ).toEqual({ needValid: 1, repayRecordId: 'R1' });
    expect(dataOf(await normalise('repayment-commit.response', { repayRecordId: 'R1' }))).toEqual({
      needValid: 0,
      repayRecordId: 'R1',
    });
    expect(
      dataOf(
        await normalise('repayment-commit.response', { needValid: null, repayRecordId: 90017 }),
      ),
    ).toEqual({ needValid: 0, repayRecordId: '90017' });
  });

  it('repayment-code-info: type "1" is 1, the amount "4200000" is a number, delayInfo may be absent', async () => {
    const wire = {
      type: '1',
      repayAmount: '4200000',
      currencyFlag: '0',
      payCode: 778899,
      channelImage: '',
      qrContent: '',
      defDetail: { logo: '', payCode: '778899', payNotice: {} },
    };
    expect(dataOf(await normalise('repayment-code-info.response', wire))).toEqual({
      type: 1,
      repayAmount: 4200000,
      currencyFlag: 0,
      payCode: '778899',
      channelImage: '',
      qrContent: '',
      defDetail: { logo: '', payCode: '778899', payNotice: {} },
    });
  });

  it('problem-detail: isNeedScore "0", absent or null is 0; "1" is 1; the spec shape without titles gets empty ones', async () => {
    const spec = {
      problemId: 7,
      type: '1',
      sonType: '11',
      content: 'They called at night',
      images: ['/uploads/a.png'],
      disposeDetail: null,
      disposeImages: [],
    };
    for (const isNeedScore of ['0', undefined, null]) {
      const r = await normalise('problem-detail.response', { ...spec, isNeedScore });
      expect(r.ok && (r.data as { isNeedScore: unknown }).isNeedScore).toBe(0);
    }
    expect(
      dataOf(await normalise('problem-detail.response', { ...spec, isNeedScore: '1' })),
    ).toEqual({
      problemId: '7',
      type: 1,
      sonType: 11,
      content: 'They called at night',
      images: ['/uploads/a.png'],
      disposeDetail: '',
      disposeImages: [],
      isNeedScore: 1,
      typeTitle: '',
      sonTypeTitle: '',
      score: null,
      orderNo: '',
    });
  });

  it('problem-init: type value "1" is 1 (the collection guard compares numbers); isShow absent is 0; no order is null', async () => {
    const wire = {
      problemType: [
        { value: '1', title: 'Collection' },
        { value: '2', title: 'Other' },
      ],
      orderDetail: { orderNo: 'O1', productName: 'Kopa', status: 'Due', isShow: '1' },
    };
    expect(dataOf(await normalise('problem-init.response', wire))).toEqual({
      problemType: [
        { value: 1, title: 'Collection' },
        { value: 2, title: 'Other' },
      ],
      problemSonType: [],
      orderDetail: {
        orderNo: 'O1',
        productLogo: '',
        productName: 'Kopa',
        status: 'Due',
        list: [],
        isShow: 1,
      },
      orderList: [],
    });
    const noShow = await normalise('problem-init.response', {
      ...wire,
      orderDetail: { ...wire.orderDetail, isShow: undefined },
      orderList: [{ orderNo: 'O2', productName: 'K', status: 'Due' }],
    });
    expect(noShow.ok && noShow.data).toMatchObject({
      orderDetail: { isShow: 0 },
      orderList: [{ orderNo: 'O2', isShow: 0, list: [], productLogo: '' }],
    });
    const noOrder = await normalise('problem-init.response', {
      problemType: [],
      orderDetail: null,
    });
    expect(noOrder.ok && noOrder.data).toMatchObject({ orderDetail: null, orderList: [] });
  });
});

describe('response normaliser: the whole answer is refused only when nothing of it can be used', () => {
  it.each([
    ['data is a string', 'repayment-commit.response', 'ok', 'data must be object'],
    [
      'a list that is not a list at the root',
      'contract-list.response',
      { title: 'Loan agreement' },
      'data must be array',
    ],
    // null is "absent", never 0: an answer of nulls carries nothing.
    [
      'only a null amount',
      'installment-plan.response',
      { amountMax: null },
      'data has none of bankList, amountMax, amountMin, productName, repayPlanDetail, note, telephone, showSubmitUtr',
    ],
    ['no data where data is needed', 'repayment-way.response', undefined, 'data is missing'],
    [
      'only fields the schema does not know',
      'contact-kf-info.response',
      { whatsapp: '+255 700 000 000' },
      'data has none of email',
    ],
  ])('%s', async (_, response, data, detail) => {
    expect(await normalise(response, data)).toEqual({ ok: false, detail });
  });
});

describe('response normaliser: a field that does not fit is left out, the rest kept', () => {
  it.each([
    [
      'a required field is missing',
      'repayment-commit.response',
      { needValid: 1 },
      { needValid: 1 },
      ['data.repayRecordId is missing'],
    ],
    [
      'only an optional field the spec names (smWa, no email): an answer, email reported',
      'contact-kf-info.response',
      { smWa: '+255 700 000 000' },
      { smWa: '+255 700 000 000' },
      ['data.email is missing'],
    ],
    [
      'an unknown flag value is kept ("not 1")',
      'repayment-commit.response',
      { needValid: '2', repayRecordId: 'R1' },
      { needValid: 2, repayRecordId: 'R1' },
      [],
    ],
    [
      'a word where a number belongs: left out, the default applies',
      'repayment-commit.response',
      { needValid: 'yes', repayRecordId: 'R1' },
      { needValid: 0, repayRecordId: 'R1' },
      ['data.needValid must be integer (left out)'],
    ],
    [
      'a list that is not a list',
      'problem-init.response',
      { problemType: 'Collection', orderList: [] },
      { problemSonType: [], orderDetail: null, orderList: [] },
      ['data.problemType must be array (left out)', 'data.problemType is missing'],
    ],
    [
      'a list item of the wrong kind is taken out',
      'repayment-way.response',
      { repayToken: 'T', bankCards: ['x', { id: 5, bankName: 'B', cardNo: '1', bankCode: 'C' }] },
      {
        alipay: 0,
        repayToken: 'T',
        bankCards: [{ id: '5', bankName: 'B', cardNo: '1', bankCode: 'C' }],
      },
      ['data.bankCards.0 must be object (left out)'],
    ],
    [
      'the same field missing in every item is one problem',
      'problem-list.response',
      {
        tabs: [
          {
            list: [
              { id: 1, time: 't', type: 'a' },
              { id: 2, time: 't', type: 'b' },
            ],
          },
        ],
      },
      {
        tabs: [
          {
            list: [
              { id: '1', time: 't', type: 'a' },
              { id: '2', time: 't', type: 'b' },
            ],
          },
        ],
      },
      ['data.tabs[].list[].content is missing'],
    ],
  ])('%s', async (_, response, data, expected, problems) => {
    expect(await normalise(response, data)).toEqual({ ok: true, data: expected, problems });
  });

  it('a null money field is missing, not 0', async () => {
    const r = await normalise('delay-detail.response', {
      bankCardInfo: { bankName: 'B', bankNode: '', cardNo: '1' },
      detail: [],
      repayDetail: [],
      delayShouldPayAmount: null,
    });
    expect(r.ok && r.data).not.toHaveProperty('delayShouldPayAmount');
    expect(r.ok && r.problems).toEqual(['data.delayShouldPayAmount is missing']);
  });
});

describe('response normaliser: answers the spec reads nothing from', () => {
  it.each([
    'card-change.response',
    'save-bank-info.response',
    'problem-save.response',
    'repayment-confirm.response',
    'save-score.response',
  ])('%s accepts an envelope with null or no data', async (response) => {
    expect((await normalise(response, null)).ok).toBe(true);
    expect((await normalise(response, undefined)).ok).toBe(true);
  });
});

describe('every endpoint of the catalogue has its generated response validator', () => {
  it.each(
    Object.entries(realCatalogue.endpoints).filter(([, e]) => e.client !== 'image' && e.response),
  )('%s', async (_, spec) => {
    const module = await loadResponseValidator(spec.response!);
    expect(typeof module?.validate).toBe('function');
  });
});
