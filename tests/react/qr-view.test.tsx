import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import qrcode from 'qrcode-generator';
import { layoutOf, ok, renderLayout } from '../support/renderLayout';
import { XSS_IMG, XSS_SVG, expectNoInjectedElements } from '../support/noInjection';
import example from '../../layouts/_examples/qr-view.json';

/** The dark modules drawn: every rect but the white background, as "x,y,w" runs. */
function drawnRuns(root: ParentNode): string[] {
  return [...root.querySelectorAll('svg rect[fill="#000"]')].map(
    (r) => `${r.getAttribute('x')},${r.getAttribute('y')},${r.getAttribute('width')}`,
  );
}

function darkModuleCount(value: string): number {
  const qr = qrcode(0, 'M');
  qr.addData(value, 'Byte');
  qr.make();
  let n = 0;
  for (let r = 0; r < qr.getModuleCount(); r++)
    for (let c = 0; c < qr.getModuleCount(); c++) if (qr.isDark(r, c)) n++;
  return n;
}

function qrSize(value: string): number {
  const qr = qrcode(0, 'M');
  qr.addData(value, 'Byte');
  qr.make();
  return qr.getModuleCount();
}

const TIPS = [
  'Open your e-wallet app',
  'Tap Scan',
  'Scan this QR code',
  'Check the amount',
  'Confirm the payment',
];

describe('qr-view', () => {
  it('draws the modules of the bound value as SVG rects, with caption and the five tips', async () => {
    const { container } = await renderLayout(
      layoutOf(
        [
          {
            type: 'qr-view',
            value: '{{ state.qr }}',
            caption: 'Scan to pay',
            tipsTitle: 'How to pay',
            tips: TIPS,
          },
        ],
        {
          state: { qr: 'KOPA-PAY-000123' },
        },
      ),
    );
    const svg = screen.getByRole('img', { name: 'Scan to pay' });
    const runs = drawnRuns(container);
    expect(runs.length).toBeGreaterThan(20);
    const width = runs.reduce((sum, r) => sum + Number(r.split(',')[2]), 0);
    expect(width).toBe(darkModuleCount('KOPA-PAY-000123'));
    // 4 modules of quiet zone on each side.
    const side = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
    expect(side).toBe(qrSize('KOPA-PAY-000123') + 8);
    screen.getByText('How to pay');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(TIPS);
  });

  it('redraws when the value changes, and draws nothing for an empty value', async () => {
    const { container, user } = await renderLayout(
      layoutOf(
        [
          { type: 'qr-view', value: '{{ state.qr }}' },
          {
            type: 'button',
            label: 'Next',
            onTap: [{ type: 'setState', path: 'qr', value: 'ANOTHER-CODE-999' }],
          },
          { type: 'button', label: 'Clear', onTap: [{ type: 'setState', path: 'qr', value: '' }] },
        ],
        { state: { qr: 'FIRST' } },
      ),
    );
    const first = drawnRuns(container);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const second = drawnRuns(container);
    expect(second).not.toEqual(first);
    expect(second.reduce((s, r) => s + Number(r.split(',')[2]), 0)).toBe(
      darkModuleCount('ANOTHER-CODE-999'),
    );
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(container.querySelector('svg')).toBeNull();
  });

  it('encodes non-Latin text as UTF-8', async () => {
    const { container } = await renderLayout(
      layoutOf([{ type: 'qr-view', value: 'Bayar ✓ 付款' }]),
    );
    const bytes = String.fromCharCode(...new TextEncoder().encode('Bayar ✓ 付款'));
    expect(drawnRuns(container).reduce((s, r) => s + Number(r.split(',')[2]), 0)).toBe(
      darkModuleCount(bytes),
    );
  });

  it('reports a value too long for any QR code and keeps the page alive', async () => {
    const { recorded } = await renderLayout(
      layoutOf(
        [
          { type: 'qr-view', value: '{{ state.qr }}' },
          { type: 'text', text: 'still here' },
        ],
        { state: { qr: 'x'.repeat(4000) } },
      ),
    );
    expect(screen.queryByRole('img')).toBeNull();
    screen.getByText('still here');
    expect(
      recorded.reports.some((r) => r.pointer === '/body/0/value' && r.message.includes('too long')),
    ).toBe(true);
  });

  it('encodes a hostile value and shows hostile caption and tips as text (SECURITY 1)', async () => {
    const { container } = await renderLayout(
      layoutOf([
        { type: 'qr-view', value: XSS_SVG, caption: XSS_IMG, tipsTitle: XSS_SVG, tips: [XSS_IMG] },
      ]),
    );
    screen.getByRole('img', { name: XSS_IMG });
    expect(screen.getByRole('listitem').textContent).toBe(XSS_IMG);
    screen.getByText(XSS_SVG);
    expect(container.querySelectorAll('svg')).toHaveLength(1); // only the code itself
    expectNoInjectedElements(container);
  });

  it('renders the example layout with the five scan-and-pay tips', async () => {
    const { container } = await renderLayout(example, {
      responses: { repaymentCodeInfo: ok({ qrContent: '00020101021226' }) },
    });
    await screen.findByRole('img', { name: 'Scan with your e-wallet app' });
    expect(drawnRuns(container).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
  });
});
