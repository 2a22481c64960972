import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { layoutOf, ok, renderLayout } from '../support/renderLayout';
import { XSS_IMG, XSS_SVG, expectNoInjectedElements } from '../support/noInjection';
import example from '../../layouts/_examples/code-copy.json';

describe('code-copy', () => {
  it('copies the bound code and toasts copy success (spec 8)', async () => {
    const { user, recorded } = await renderLayout(
      layoutOf([{ type: 'code-copy', label: 'Payment code', code: '{{ data.info.payCode }}' }], {
        dataSources: { info: { endpoint: 'repaymentCodeInfo' } },
      }),
      { responses: { repaymentCodeInfo: ok({ payCode: '8800 1234 5678' }) } },
    );
    await screen.findByText('8800 1234 5678');
    screen.getByText('Payment code');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(recorded.copied).toEqual(['8800 1234 5678']);
    expect(recorded.toasts.map((t) => t.message)).toEqual(['copy success']);
    await screen.findByText('copy success');
  });

  it('copies a code that looks like a binding literally, without evaluating it', async () => {
    const { user, recorded } = await renderLayout(
      layoutOf([{ type: 'code-copy', code: '{{ state.code }}' }], {
        state: { code: '{{ state.secret }}', secret: 'leaked' },
      }),
    );
    screen.getByText('{{ state.secret }}');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(recorded.copied).toEqual(['{{ state.secret }}']);
  });

  it('uses its own button text and success message', async () => {
    const { user, recorded } = await renderLayout(
      layoutOf(
        [
          {
            type: 'code-copy',
            code: 'AB12',
            buttonLabel: 'Salin',
            successMessage: 'Disalin {{ state.n }}',
          },
        ],
        { state: { n: 1 } },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Salin' }));
    expect(recorded.toasts.map((t) => t.message)).toEqual(['Disalin 1']);
  });

  it('disables Copy while there is no code', async () => {
    const { user, recorded } = await renderLayout(
      layoutOf([{ type: 'code-copy', code: '{{ state.missing }}' }]),
    );
    const button = screen.getByRole('button', { name: 'Copy' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.click(button);
    expect(recorded.copied).toEqual([]);
  });

  it('shows hostile code, label and button text as text (SECURITY 1)', async () => {
    const { container, user, recorded } = await renderLayout(
      layoutOf(
        [{ type: 'code-copy', code: '{{ state.c }}', label: XSS_SVG, buttonLabel: XSS_IMG }],
        { state: { c: XSS_IMG } },
      ),
    );
    screen.getByText(XSS_SVG);
    expect(container.querySelector('.k-code-copy__code')?.textContent).toBe(XSS_IMG);
    await user.click(screen.getByRole('button', { name: XSS_IMG }));
    expect(recorded.copied).toEqual([XSS_IMG]);
    expect(container.querySelector('svg')).toBeNull();
    expectNoInjectedElements(container);
  });

  it('renders the example layout', async () => {
    const { user, recorded } = await renderLayout(example, {
      responses: { repaymentCodeInfo: ok({ repayAmount: 1234500, payCode: '7788990011' }) },
    });
    await screen.findByText('7788990011');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(recorded.copied).toEqual(['7788990011']);
  });
});
