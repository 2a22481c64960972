/**
 * The publish gate holds the information-flow rules: a draft that sends a session value to
 * another host (through a repeat's item, rich-text HTML, a scheme-less openLink) or in a
 * message the bridge's sendSms hands to the borrower's SMS app, builds an
 * image host from an expression, or links javascript: is refused with 422 and the rule's code.
 */
import { describe, expect, it } from 'vitest';
import { operatorForFile } from './studioApi';

const api = operatorForFile();

describe('publish gate: information flow', () => {
  it.each<[string, unknown, string]>([
    [
      'a repeat item in an image path',
      {
        type: 'repeat',
        items: '{{ [query.userId] }}',
        template: [{ type: 'image', alt: '', src: 'https://cdn.kopa.example/u{{ item }}.png' }],
      },
      'session-leak',
    ],
    [
      'rich-text HTML with the session',
      {
        type: 'rich-text',
        html: '<a href="https://www.kopa.example/?s={{ query.sessionId }}">x</a>',
      },
      'session-leak',
    ],
    [
      'a scheme-less openLink',
      {
        type: 'button',
        label: 'Go',
        onTap: [
          {
            type: 'bridge',
            action: 'openLink',
            args: { url: 'partner.example/?s={{ query.sessionId }}' },
          },
        ],
      },
      'session-leak',
    ],
    [
      "the session in the bridge sendSms's message",
      {
        type: 'button',
        label: 'Write',
        onTap: [
          {
            type: 'bridge',
            action: 'sendSms',
            args: { phone: '+15550100', text: 'id {{ query.sessionId }}' },
          },
        ],
      },
      'session-leak',
    ],
    [
      'an expression-built host',
      { type: 'image', alt: '', src: "{{ 'https://' + query.h + '/p.png' }}" },
      'unproven-host',
    ],
    [
      'a javascript: link',
      { type: 'rich-text', html: '<a href="javascript:alert(1)">x</a>' },
      'script-url',
    ],
  ])('refuses %s with 422', async (_, node, code) => {
    const detail = await api('GET', '/layouts/customer-service');
    const doc = JSON.parse((detail.body.data.published as { content: string }).content) as {
      body: unknown[];
    };
    doc.body.push(node);
    await api('PUT', '/layouts/customer-service/draft', { content: JSON.stringify(doc, null, 2) });
    const res = await api('POST', '/layouts/customer-service/publish', { note: 'try' });
    expect(res.status).toBe(422);
    const issues = res.body.data.issues as { code: string }[];
    expect(issues.map((i) => i.code)).toContain(code);
  });
});
