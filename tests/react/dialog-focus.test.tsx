import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { layoutOf, renderLayout } from '../support/renderLayout';

/*
 * Keyboard and screen-reader behaviour of every dialog: focus goes in, Tab stays in,
 * the page behind is inert, Escape closes only dialogs the layout lets close, focus comes back.
 */
const open = (dialog: string, label: string) => ({
  type: 'button',
  label,
  onTap: [{ type: 'openDialog', dialog }],
});

const dialogs = [
  {
    type: 'dialog',
    id: 'result',
    title: 'Repayment reminder',
    onClose: [{ type: 'toast', message: 'closed by dismissal' }],
    children: [
      { type: 'text', text: 'TradeNo: T1' },
      { type: 'button', label: 'Details', onTap: [{ type: 'toast', message: 'details' }] },
      { type: 'button', label: 'OK', onTap: [{ type: 'closeDialog', dialog: 'result' }] },
    ],
  },
  {
    type: 'dialog',
    id: 'locked',
    title: 'Please rate our service',
    dismissOnOverlay: false,
    children: [
      { type: 'button', label: 'Cancel', onTap: [{ type: 'closeDialog', dialog: 'locked' }] },
    ],
  },
  {
    type: 'dialog',
    id: 'escapable',
    title: 'Escape allowed',
    dismissOnOverlay: false,
    closeOnEscape: true,
    onClose: [{ type: 'setState', path: 'stars', value: 0 }],
    children: [{ type: 'text', text: 'Stars {{ state.stars }}' }],
  },
];

const page = (extra: Record<string, unknown> = {}) =>
  layoutOf(
    [
      { type: 'page-header', title: 'Repayment' },
      open('result', 'Pay Now'),
      open('locked', 'Rate'),
      open('escapable', 'Other'),
    ],
    {
      dialogs,
      state: { stars: 3 },
      ...extra,
    },
  );

describe('dialog focus, keyboard and inert background', () => {
  it('moves focus into the dialog, wraps Tab and Shift+Tab inside it', async () => {
    const { user } = await renderLayout(page());
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Repayment reminder' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Details' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OK' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Details' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OK' }));
  });

  it('makes the page behind inert while open and not after closing', async () => {
    const { user } = await renderLayout(page());
    const payNow = screen.getByRole('button', { name: 'Pay Now' });
    await user.click(payNow);
    const dialog = await screen.findByRole('dialog', { name: 'Repayment reminder' });
    expect(payNow.closest('[inert]')).not.toBeNull();
    expect(
      screen.getByRole('heading', { name: 'Repayment', hidden: true }).closest('[inert]'),
    ).not.toBeNull();
    expect(dialog.closest('[inert]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.querySelector('[inert]')).toBeNull();
  });

  it('closes on Escape, runs onClose and returns focus to the button that opened it', async () => {
    const { user, recorded } = await renderLayout(page());
    const payNow = screen.getByRole('button', { name: 'Pay Now' });
    await user.click(payNow);
    await screen.findByRole('dialog', { name: 'Repayment reminder' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(recorded.toasts.map((t) => t.message)).toEqual(['closed by dismissal']);
    expect(document.activeElement).toBe(payNow);
  });

  it('returns focus to the opener when a button inside closes it', async () => {
    const { user } = await renderLayout(page());
    const payNow = screen.getByRole('button', { name: 'Pay Now' });
    await user.click(payNow);
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(payNow);
  });

  it('does not close on Escape when it cannot be dismissed by tapping outside (no closeOnEscape)', async () => {
    const { user } = await renderLayout(page());
    await user.click(screen.getByRole('button', { name: 'Rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please rate our service' });
    await user.keyboard('{Escape}');
    // The Cancel button still closes it: that proves the Escape above was handled and ignored.
    expect(screen.getByRole('dialog', { name: 'Please rate our service' })).toBe(dialog);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('closes on Escape a non-dismissable dialog whose layout sets closeOnEscape, running onClose', async () => {
    const { user } = await renderLayout(page());
    await user.click(screen.getByRole('button', { name: 'Other' }));
    const dialog = await screen.findByRole('dialog', { name: 'Escape allowed' });
    expect(dialog.textContent).toContain('Stars 3');
    // No focusable child: the dialog itself takes focus so Escape and screen readers reach it.
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Other' }));
    expect((await screen.findByRole('dialog', { name: 'Escape allowed' })).textContent).toContain(
      'Stars 0',
    );
  });

  it('takes focus when it opens on load', async () => {
    await renderLayout(page({ onLoad: [{ type: 'openDialog', dialog: 'locked' }] }));
    await screen.findByRole('dialog', { name: 'Please rate our service' });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })),
    );
    expect(
      screen.getByRole('button', { name: 'Pay Now', hidden: true }).closest('[inert]'),
    ).not.toBeNull();
  });
});
