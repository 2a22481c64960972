import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { layoutOf, ok, renderLayout } from '../support/renderLayout';
import { XSS_IMG, XSS_SVG, expectNoInjectedElements } from '../support/noInjection';
import example from '../../layouts/_examples/countdown-button.json';

const sendButton = (extra: Record<string, unknown> = {}) => ({
  type: 'countdown-button',
  bind: 'sms.left',
  label: 'Send code',
  runningLabel: 'Resend ({{ seconds }}s)',
  onTap: [
    { type: 'http', endpoint: 'sendSmsCodeNew', params: { phone: '{{ state.phone }}' } },
    { type: 'countdown', path: 'sms.left', seconds: 60 },
  ],
  ...extra,
});

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('countdown-button', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends, then is disabled and counts down from 60 s until it can resend', async () => {
    const { recorded } = await renderLayout(
      layoutOf([sendButton()], { state: { phone: '0712345678', sms: { left: 0 } } }),
      {
        responses: { sendSmsCodeNew: ok({}) },
      },
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const running = await screen.findByRole('button', { name: 'Resend (60s)' });
    expect((running as HTMLButtonElement).disabled).toBe(true);
    expect(recorded.calls).toHaveLength(1);
    expect(recorded.calls[0]).toMatchObject({
      endpoint: 'sendSmsCodeNew',
      params: { phone: '0712345678' },
    });

    await advance(1000);
    screen.getByRole('button', { name: 'Resend (59s)' });
    await user.click(screen.getByRole('button', { name: 'Resend (59s)' }));
    expect(recorded.calls).toHaveLength(1); // blocked while counting

    await advance(58_000);
    screen.getByRole('button', { name: 'Resend (1s)' });
    await advance(1000);
    const again = screen.getByRole('button', { name: 'Send code' }) as HTMLButtonElement;
    expect(again.disabled).toBe(false);
    await user.click(again);
    expect(recorded.calls).toHaveLength(2);
    await screen.findByRole('button', { name: 'Resend (60s)' });
  });

  it('does not start the countdown when the send fails', async () => {
    const { recorded } = await renderLayout(layoutOf([sendButton()]), { responses: {} });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(recorded.calls).toHaveLength(1);
    expect(recorded.toasts).toHaveLength(1);
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Send code' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    expect(screen.queryByText(/Resend/)).toBeNull();
  });

  it('shows a countdown started elsewhere and honours its disabled condition', async () => {
    await renderLayout(
      layoutOf(
        [
          sendButton({ id: 'resend', disabled: '{{ len(state.phone) < 9 }}' }),
          {
            type: 'button',
            label: 'Start',
            onTap: [{ type: 'countdown', path: 'sms.left', seconds: 3 }],
          },
        ],
        { state: { phone: '071' } },
      ),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    expect((screen.getByRole('button', { name: 'Send code' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Start' }));
    screen.getByRole('button', { name: 'Resend (3s)' });
    await advance(3000);
    screen.getByRole('button', { name: 'Send code' });
  });

  it('shows hostile labels as text (SECURITY 1)', async () => {
    const { container } = await renderLayout(
      layoutOf(
        [
          sendButton({ label: XSS_IMG, runningLabel: `${XSS_SVG} {{ seconds }}` }),
          sendButton({ bind: 'other', label: 'x', runningLabel: `${XSS_SVG} {{ seconds }}` }),
        ],
        {
          state: { other: 5 },
        },
      ),
    );
    screen.getByRole('button', { name: XSS_IMG });
    screen.getByRole('button', { name: `${XSS_SVG} 5` });
    expect(container.querySelector('svg')).toBeNull();
    expectNoInjectedElements(container);
  });

  it('renders the example layout: enabled from 9 digits, then counts down', async () => {
    const { recorded } = await renderLayout(example, { responses: { sendSmsCodeNew: ok({}) } });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const send = screen.getByRole('button', { name: 'Send code' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(screen.getByLabelText('Phone'), '071234567');
    expect(send.disabled).toBe(false);
    await user.click(send);
    await screen.findByRole('button', { name: 'Resend (60s)' });
    expect(recorded.calls[0]).toMatchObject({
      endpoint: 'sendSmsCodeNew',
      params: { phone: '071234567' },
    });
    expect(recorded.toasts.map((t) => t.message)).toContain('Verification code sent!');
  });
});
