/**
 * The bridge's sendSms is a sink: the message the borrower's SMS or mail app sends, and its
 * recipient, reach whoever it is addressed to, so a session or personal value in any of its
 * arguments is a session-leak, in validate and the publish gate alike. A message of public text
 * to the configured support address passes (customer service and about-us use it).
 */
import { describe, expect, it } from 'vitest';
import { validateLayoutDocument } from '../../src/lint/validateLayout';

const sendSms = (args: Record<string, string>) => ({
  type: 'button',
  label: 'Write to us',
  onTap: [{ type: 'bridge', action: 'sendSms', args }],
});

function leaks(body: unknown[], extra: Record<string, unknown> = {}): string[] {
  return validateLayoutDocument({ id: 'x', version: 1, title: 'X', ...extra, body }, 'f/x.json')
    .filter((i) => i.code === 'session-leak')
    .map((i) => `${i.pointer} ${i.message}`);
}

describe('information flow: the bridge sendSms', () => {
  it('the session in the text of a message to any number is refused', () => {
    expect(leaks([sendSms({ phone: '+15550100', text: 'id {{ query.sessionId }}' })])).toEqual([
      "/body/0/onTap/0/args/text session or personal value query.sessionId goes into the bridge sendSms's text, which reaches whoever the message is addressed to: such values only go to this app's own /paths and API",
    ]);
  });

  it('the phone the borrower typed, as the address of a mail, through a computed value, is refused', () => {
    const body = [
      { type: 'input', bind: 'form.phone', label: 'Phone' },
      sendSms({ email: '{{ computed.box }}' }),
    ];
    const extra = {
      state: { form: { phone: '' } },
      computed: { box: "{{ state.form.phone + '@x.example' }}" },
    };
    expect(leaks(body, extra)).toEqual([
      expect.stringMatching(/^\/body\/1\/onTap\/0\/args\/email .*computed\.box/),
    ]);
  });

  it('public text to the support address, and the address the server sends, pass', () => {
    expect(
      leaks([
        sendSms({ email: 'support@kopa.example', text: "{{ t('common.confirm') }}" }),
        sendSms({ email: '{{ data.kf.email }}' }),
      ]),
    ).toEqual([]);
  });
});

describe('information flow: a track action', () => {
  it("is no sink: its params go to the product's own native app, as the spec's confirm event does", () => {
    const track = {
      type: 'button',
      label: 'Confirm',
      onTap: [
        { type: 'track', event: 'loanConfirm', params: { productId: '{{ query.productId }}' } },
      ],
    };
    expect(leaks([track])).toEqual([]);
    // The same value into a message is refused: the control that the value is labelled.
    expect(leaks([sendSms({ text: '{{ query.productId }}' })])).toHaveLength(1);
  });
});
