// @vitest-environment jsdom
/**
 * Pay URLs and redirects leave the app over https only. Every consumer of the URL
 * checks is driven through its public way in: real layouts (repay's payUrl from generateVcode,
 * the wallet page's url from repayment-huichao) through the renderer, a redirect action, and
 * the bridge's openLink both towards a native host and in a plain browser.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BROWSER_MESSAGES } from '../../../src/app/bridge/browser';
import { createBridge } from '../../../src/app/bridge/createBridge';
import { detectTransport } from '../../../src/app/bridge/transports';
import {
  BRIDGE_ACTIONS,
  type BridgeCommand,
  type BridgeConfig,
} from '../../../src/app/bridge/types';
import { layoutOf, ok, renderLayout } from '../../support/renderLayout';
import repay from '../../../layouts/repay.json';
import alipayRepayment from '../../../layouts/alipay-repayment.json';

const QUERY = { userId: '10001', sessionId: 's1', orderId: 'O1', productId: 'P9' };

const plan = {
  bankCardInfo: { bankName: 'M-Pesa', bankNode: '', cardNo: '**** 5678' },
  bankList: [{ name: 'M-Pesa', type: '90006' }],
  amountMax: 8888893,
  amountMin: 100,
  productName: 'Haraka Loan',
  repayPlanDetail: {
    repayWaitCount: 1,
    repayWaitDetail: [
      {
        periodNo: 1,
        totalAmount: 1234567,
        displayAmount: '',
        canClick: 1,
        check: 1,
        periodStatus: 0,
        dueTime: '2026-12-01T00:00:00.000Z',
        statusText: 'Pending',
      },
    ],
    repayYetDetail: [],
  },
  note: '',
  telephone: '',
  showSubmitUtr: 0,
};

describe('a layout redirect to plain http is refused and reported; the page stays', () => {
  it('layouts/repay.json: generateVcode answers payUrl http://pay.kopa.example/...', async () => {
    const payUrl = 'http://pay.kopa.example/checkout?tradeNo=T1';
    const { user, recorded } = await renderLayout(repay, {
      query: QUERY,
      responses: {
        installmentPlan: ok(plan),
        generateVcode: ok({ repayType: 'PAY_URL', payUrl, notice: '', tradeNo: 'T1' }),
      },
    });
    await user.click(screen.getByRole('tab', { name: 'Another number' }));
    await user.type(screen.getByLabelText('Account number'), '07');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(recorded.calls.map((c) => c.endpoint)).toEqual(['installmentPlan', 'generateVcode']);
    expect(recorded.leaves).toEqual([]);
    expect(recorded.navigations).toEqual([]);
    const reports = recorded.reports.filter((r) => r.kind === 'redirect');
    expect(reports).toHaveLength(1);
    expect(reports[0]?.message).toMatch(/plain http: .*https/);
    screen.getByText('This link cannot be opened.');
    // Still the same page, still usable.
    screen.getByRole('button', { name: 'Pay Now' });
  });

  it('layouts/repay.json: the same payUrl over https is followed', async () => {
    const payUrl = 'https://pay.kopa.example/checkout?tradeNo=T1';
    const { user, recorded } = await renderLayout(repay, {
      query: QUERY,
      responses: {
        installmentPlan: ok(plan),
        generateVcode: ok({ repayType: 'PAY_URL', payUrl, notice: '', tradeNo: 'T1' }),
      },
    });
    await user.click(screen.getByRole('tab', { name: 'Another number' }));
    await user.type(screen.getByLabelText('Account number'), '07');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(recorded.leaves).toEqual([payUrl]);
    expect(recorded.reports.filter((r) => r.kind === 'redirect')).toEqual([]);
  });

  it('layouts/alipay-repayment.json: repayment-huichao answers url HTTP://pay.kopa.example/huichao', async () => {
    const { user, recorded } = await renderLayout(alipayRepayment, {
      query: QUERY,
      responses: {
        repaymentWay: ok({ alipay: 1, amount: 150000, repayToken: 'tok', bankCards: [] }),
        repaymentHuichao: ok({ url: 'HTTP://pay.kopa.example/huichao?orderId=O1' }),
      },
    });
    await user.click(screen.getByRole('button', { name: 'Pay with wallet' }));
    expect(recorded.calls.map((c) => c.endpoint)).toContain('repaymentHuichao');
    expect(recorded.leaves).toEqual([]);
    expect(recorded.reports.filter((r) => r.kind === 'redirect')).toHaveLength(1);
    screen.getByRole('button', { name: 'Pay with wallet' });
  });

  it.each([
    'http://pay.kopa.example/p/1',
    'HTTP://PAY.KOPA.EXAMPLE/p/1',
    'http:\\\\pay.kopa.example\\p',
    'http://pay.kopa.example:443/p',
  ])('a redirect action to %j stops its action list', async (url) => {
    const { user, recorded } = await renderLayout(
      layoutOf([
        {
          type: 'button',
          label: 'Open',
          onTap: [
            { type: 'redirect', url },
            { type: 'toast', message: 'after' },
          ],
        },
        { type: 'text', text: 'sibling' },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(recorded.leaves).toEqual([]);
    expect(recorded.reports).toEqual([
      expect.objectContaining({ kind: 'redirect', pointer: '/body/0/onTap/0/url' }),
    ]);
    expect(screen.queryByText('after')).toBeNull();
    screen.getByText('sibling');
  });

  it('the page origin itself stays same-origin even on a plain-http development server', async () => {
    // renderLayout's page origin is http://localhost:3000.
    const { user, recorded } = await renderLayout(
      layoutOf([
        {
          type: 'button',
          label: 'Open',
          onTap: [{ type: 'redirect', url: 'http://localhost:3000/repay?x=1' }],
        },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(recorded.navigations.map((n) => n.path)).toEqual(['/repay?x=1']);
    expect(recorded.reports).toEqual([]);
  });
});

describe('bridge openLink over plain http', () => {
  const config: BridgeConfig = {
    bridge: {
      androidObject: 'KopaNative',
      nativeNames: Object.fromEntries(
        BRIDGE_ACTIONS.map((a) => [a, a]),
      ) as BridgeConfig['bridge']['nativeNames'],
    },
    redirectAllowlist: ['pay.kopa.example'],
    deepLinkScheme: 'kopa://',
  };
  const ORIGIN = 'https://app.kopa.example';

  it('is refused before it reaches a native host', () => {
    const sent: BridgeCommand[] = [];
    const report = vi.fn();
    const bridge = createBridge({ kind: 'fake', send: (c) => sent.push(c) }, config, {
      report,
      origin: ORIGIN,
    });
    expect(bridge.openLink({ url: 'http://pay.kopa.example/x' }).ok).toBe(false);
    expect(bridge.openLink({ url: 'HTTP://pay.kopa.example/x' }).ok).toBe(false);
    expect(bridge.openLink({ url: 'https://pay.kopa.example/x' })).toEqual({ ok: true });
    expect(sent).toEqual([{ action: 'openLink', args: { url: 'https://pay.kopa.example/x' } }]);
    expect(report).toHaveBeenCalledTimes(2);
  });

  it('is refused by the plain-browser fallback: nothing is assigned', () => {
    const win = {
      history: { length: 1, back: vi.fn() },
      location: { origin: ORIGIN, assign: vi.fn<(url: string) => void>() },
    };
    const notify = vi.fn();
    const bridge = createBridge(detectTransport(win, config, { notify }), config, {
      origin: ORIGIN,
    });
    expect(bridge.openLink({ url: 'http://pay.kopa.example/x' }).ok).toBe(false);
    expect(win.location.assign).not.toHaveBeenCalled();
    bridge.openLink({ url: 'https://pay.kopa.example/x' });
    expect(win.location.assign).toHaveBeenCalledWith('https://pay.kopa.example/x');
    expect(notify).not.toHaveBeenCalledWith(BROWSER_MESSAGES.failed);
  });
});
