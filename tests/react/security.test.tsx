import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { layoutOf, ok, renderLayout } from '../support/renderLayout';

const XSS = ['<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>'];

function noInjectedElements(root: HTMLElement) {
  expect(root.querySelector('img[onerror], svg[onload], script, iframe')).toBeNull();
  for (const el of Array.from(root.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes))
      expect(attr.name.startsWith('on'), `${el.tagName} ${attr.name}`).toBe(false);
  }
}

describe('SECURITY 1: markup in layouts and API data is shown as text', () => {
  it.each(XSS)('in texts, labels, toasts, dialogs and API strings: %s', async (payload) => {
    const { container, user } = await renderLayout(
      layoutOf(
        [
          { type: 'text', text: payload },
          { type: 'text', text: 'api: {{ data.info.email }}' },
          {
            type: 'button',
            label: payload,
            onTap: [
              { type: 'toast', message: `toast ${payload}` },
              { type: 'openDialog', dialog: 'd' },
            ],
          },
        ],
        {
          title: payload,
          dataSources: { info: { endpoint: 'contactKfInfo' } },
          dialogs: [
            {
              type: 'dialog',
              id: 'd',
              title: `dialog ${payload}`,
              children: [{ type: 'text', text: payload }],
            },
          ],
        },
      ),
      { responses: { contactKfInfo: ok({ email: payload, smWa: payload }) } },
    );
    await screen.findByText(`api: ${payload}`);
    await user.click(screen.getByRole('button', { name: payload }));
    screen.getByText(`toast ${payload}`);
    screen.getByRole('dialog', { name: `dialog ${payload}` });
    expect(document.title).toBe(payload);
    noInjectedElements(container.ownerDocument.body);
  });
});

describe('SECURITY 5: prototype pollution through layouts, API data and state paths', () => {
  it('leaves Object.prototype untouched', async () => {
    const polluted = JSON.parse(
      '{"__proto__":{"p":1},"constructor":{"prototype":{"p":1}},"name":"x"}',
    ) as Record<string, unknown>;
    const { user } = await renderLayout(
      layoutOf(
        [
          { type: 'text', text: '{{ data.info.name }}' },
          {
            type: 'button',
            label: 'Go',
            onTap: [
              { type: 'setState', path: '__proto__.p', value: 1 },
              { type: 'setState', path: 'constructor.prototype.p', value: 1 },
              {
                type: 'setState',
                path: 'safe',
                value: JSON.parse('{"__proto__":{"p":1}}') as unknown,
              },
              {
                type: 'http',
                endpoint: 'contactKfInfo',
                params: JSON.parse('{"__proto__":{"p":1}}') as Record<string, unknown>,
                saveAs: 'saved',
              },
            ],
          },
        ],
        {
          state: JSON.parse('{"__proto__":{"p":1},"constructor":{"prototype":{"p":1}}}') as Record<
            string,
            unknown
          >,
          dataSources: { info: { endpoint: 'contactKfInfo' } },
        },
      ),
      { responses: { contactKfInfo: ok(polluted) } },
    );
    await screen.findByText('x');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(({} as { p?: unknown }).p).toBeUndefined();
    expect((Object.prototype as { p?: unknown }).p).toBeUndefined();
  });
});

describe('SECURITY 9: a failing widget or action stays local', () => {
  it('an action that throws becomes a toast; the page keeps working', async () => {
    const { env, user, recorded } = await renderLayout(
      layoutOf([
        { type: 'button', label: 'Explode', onTap: [{ type: 'bridge', action: 'openHome' }] },
        { type: 'button', label: 'Still works', onTap: [{ type: 'toast', message: 'alive' }] },
      ]),
    );
    env.bridge = () => {
      throw new Error('host crashed');
    };
    await user.click(screen.getByRole('button', { name: 'Explode' }));
    screen.getByText('Something went wrong. Please try again.');
    expect(recorded.reports.some((r) => r.kind === 'action' && r.message === 'host crashed')).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: 'Explode' }).hasAttribute('disabled')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Still works' }));
    screen.getByText('alive');
  });

  it('a call whose promise rejects becomes a toast, and the button is enabled again', async () => {
    const { user } = await renderLayout(
      layoutOf([
        {
          type: 'button',
          label: 'Pay',
          onTap: [{ type: 'http', endpoint: 'generateVcode', params: {} }],
        },
      ]),
      {
        responses: { generateVcode: () => Promise.reject(new Error('socket hang up')) },
      },
    );
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    screen.getByText('Something went wrong. Please try again.');
    expect(screen.getByRole('button', { name: 'Pay' }).hasAttribute('disabled')).toBe(false);
  });
});

describe('SECURITY 11, 12: links are checked before the app leaves', () => {
  const bad = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '\tjava\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'https://evil.tld',
    'https://pay.kopa.example.evil.tld',
    'https://pay.kopa.example@evil.tld',
    '//evil.tld',
    '/\\evil.tld',
  ];
  it.each(bad)('refuses and reports %j, leaving the page unchanged', async (url) => {
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
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(recorded.leaves).toEqual([]);
    expect(recorded.navigations).toEqual([]);
    expect(recorded.reports.some((r) => r.kind === 'redirect')).toBe(true);
    screen.getByText('This link cannot be opened.');
    expect(screen.queryByText('after')).toBeNull();
  });

  it('follows an allowlisted https link and a same-origin path', async () => {
    const { user, recorded } = await renderLayout(
      layoutOf([
        {
          type: 'button',
          label: 'Pay',
          onTap: [{ type: 'redirect', url: 'https://pay.kopa.example/p/1' }],
        },
        { type: 'button', label: 'Local', onTap: [{ type: 'redirect', url: '/repay?x=1' }] },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await user.click(screen.getByRole('button', { name: 'Local' }));
    expect(recorded.leaves).toEqual(['https://pay.kopa.example/p/1']);
    expect(recorded.navigations.map((n) => n.path)).toEqual(['/repay?x=1']);
  });
});

describe('SECURITY 6: pathological bindings are bounded', () => {
  it('10,000 nested brackets and a 1 MB expression give an error value; the page stays alive', async () => {
    const deep = `{{ ${'('.repeat(10000)}1${')'.repeat(10000)} }}`;
    const huge = `{{ ${'1+'.repeat(500000)}1 }}`;
    const { recorded, user } = await renderLayout(
      layoutOf([
        // As node text the schema's length cap refuses them (a fallback each) ...
        { type: 'text', text: deep },
        { type: 'text', text: huge },
        // ... as values they reach the expression engine, whose own limits answer.
        {
          type: 'button',
          label: 'Evaluate',
          onTap: [
            { type: 'setState', path: 'a', value: deep },
            { type: 'setState', path: 'b', value: huge },
          ],
        },
        { type: 'text', text: 'alive {{ state.a }}{{ state.b }}' },
      ]),
    );
    expect(recorded.reports.filter((r) => r.kind === 'node')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Evaluate' }));
    // Each stopped by the length limit before any parse (no stopwatch: speed is the benches' job).
    const bindings = recorded.reports.filter((r) => r.kind === 'binding');
    expect(bindings.map((r) => r.message)).toEqual([
      expect.stringMatching(/longer than 10000 characters/),
      expect.stringMatching(/longer than 10000 characters/),
    ]);
    screen.getByText('alive');
  });
});

describe('the button sends one request however fast it is tapped (SECURITY 14)', () => {
  it('double click and Enter plus click while pending -> one call, disabled meanwhile', async () => {
    let release!: () => void;
    const { user, recorded } = await renderLayout(
      layoutOf([
        {
          type: 'button',
          label: 'Pay Now',
          onTap: [{ type: 'http', endpoint: 'generateVcode', params: { amount: 1 } }],
        },
      ]),
      {
        responses: {
          generateVcode: () =>
            new Promise((resolve) => (release = () => resolve(ok({ repayType: 'NOTICE' })))),
        },
      },
    );
    const button = screen.getByRole('button', { name: 'Pay Now' });
    await user.dblClick(button);
    button.focus();
    await user.keyboard('{Enter}');
    await user.click(button);
    expect(recorded.calls).toHaveLength(1);
    expect(button.hasAttribute('disabled')).toBe(true);
    await act(async () => release());
    expect(button.hasAttribute('disabled')).toBe(false);
  });
});
