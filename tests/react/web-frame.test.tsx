import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { layoutOf, ok, renderLayout } from '../support/renderLayout';
import example from '../../layouts/_examples/web-frame.json';

const frame = (title: string) => screen.getByTitle<HTMLIFrameElement>(title);

describe('web-frame widget', () => {
  it('embeds a same-origin path from the data, sandboxed with exactly the listed tokens', async () => {
    await renderLayout(
      layoutOf(
        [
          {
            type: 'web-frame',
            src: '{{ data.c.popAgreementUrl }}',
            title: 'Loan agreement',
            sandbox: ['allow-scripts', 'allow-same-origin'],
          },
        ],
        {
          dataSources: { c: { endpoint: 'loanConfirmDetail' } },
        },
      ),
      {
        responses: {
          loanConfirmDetail: ok({ popAgreementUrl: '/loanAgreement?productId=P001&scene=3' }),
        },
      },
    );
    const el = await screen.findByTitle<HTMLIFrameElement>('Loan agreement');
    expect(el.tagName).toBe('IFRAME');
    expect(el.getAttribute('src')).toBe('/loanAgreement?productId=P001&scene=3');
    expect(el.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin');
    expect(el.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('is fully sandboxed by default and accepts an https URL on a frame host (config/app.json frameHosts)', async () => {
    await renderLayout(
      layoutOf([{ type: 'web-frame', src: 'https://kopa.example/terms', title: 'Terms' }]),
    );
    expect(frame('Terms').getAttribute('src')).toBe('https://kopa.example/terms');
    expect(frame('Terms').getAttribute('sandbox')).toBe('');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '\tjava\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'https://evil.tld/',
    'https://ok.example.evil.tld/',
    'https://pay.kopa.example@evil.tld/',
    '//evil.tld/x',
    '/\\evil.tld/x',
    'http://pay.kopa.example/terms',
    // A redirect host is not a frame host, and no frame URL carries the session.
    'https://pay.kopa.example/terms',
    'https://kopa.example/terms?s=demo-session-77',
  ])('refuses %s: no frame, siblings render, one report (SECURITY 11, 12)', async (src) => {
    const { container, recorded } = await renderLayout(
      layoutOf(
        [
          { type: 'web-frame', src: '{{ state.src }}', title: 'x' },
          { type: 'text', text: 'sibling' },
        ],
        { state: { src } },
      ),
      { query: { userId: '10001', sessionId: 'demo-session-77' } },
    );
    expect(container.querySelector('iframe')).toBeNull();
    screen.getByText('sibling');
    const reports = recorded.reports.filter((r) => r.kind === 'web-frame');
    expect(reports).toHaveLength(1);
    expect(reports[0]?.pointer).toBe('/body/0/src');
  });

  it('renders nothing and reports nothing for an empty source', async () => {
    const { container, recorded } = await renderLayout(
      layoutOf([{ type: 'web-frame', src: '{{ state.src }}', title: 'x' }], { state: { src: '' } }),
    );
    expect(container.querySelector('iframe')).toBeNull();
    expect(recorded.reports).toHaveLength(0);
  });

  it('renders its example layout', async () => {
    await renderLayout(example);
    expect(frame('Loan agreement').getAttribute('src')).toBe(
      '/loanAgreement?productId=P001&scene=3',
    );
    expect(frame('Terms on the Kopa site').getAttribute('src')).toBe('https://kopa.example/terms');
  });
});
