/**
 * An image-upload shows the addresses its state path holds, so what a layout writes there (a
 * setState, the initial state) is an image source like any other: a session value in it, or a
 * host config/app.json does not list, is refused. The borrower's own uploads (the server's
 * answer) and writes to other state paths are no sink.
 */
import { describe, expect, it } from 'vitest';
import { validateLayoutDocument } from '../../src/lint/validateLayout';

const FLOW = new Set(['session-leak', 'foreign-host', 'unproven-host', 'script-url']);
const upload = { type: 'image-upload', bind: 'form.images', maxCount: 3 };
const button = (value: unknown, path = 'form.images') => ({
  type: 'button',
  label: 'Fill',
  onTap: [{ type: 'setState', path, value }],
});

function flow(body: unknown[], state: unknown = { form: { images: [] }, note: '' }): string[] {
  return validateLayoutDocument({ id: 'x', version: 1, title: 'X', state, body }, 'fixtures/x.json')
    .filter((i) => FLOW.has(i.code))
    .map((i) => `${i.pointer} ${i.code}`);
}

describe('information flow: what an image-upload shows', () => {
  it('a setState putting the session into an allowed host, as a picture the upload shows, is refused', () => {
    const value = { images: ['https://cdn.kopa.example/u{{ query.userId }}.png'] };
    expect(flow([upload, button(value, 'form')])).toEqual(['/body/1/onTap/0/value session-leak']);
  });

  it('the initial state holding a picture on a host not on the list is refused', () => {
    expect(flow([upload], { form: { images: ['https://evil.example/p.png'] } })).toEqual([
      '/state/form foreign-host',
    ]);
  });

  it('a list the layout builds goes wherever each element goes: a foreign host in it is refused', () => {
    expect(flow([upload, button("{{ ['https://evil.example/p.png'] }}")])).toEqual([
      '/body/1/onTap/0/value foreign-host',
    ]);
  });

  it('the same values written to a state path no image-upload shows are no image', () => {
    expect(
      flow([upload, button('https://cdn.kopa.example/u{{ query.userId }}.png', 'note')]),
    ).toEqual([]);
  });

  it("public pictures on an allowed host and the server's answer (with an empty list as its fallback) pass", () => {
    expect(
      flow([
        upload,
        button(['https://cdn.kopa.example/sample.png']),
        button('{{ data.detail.images }}'),
        button('{{ default(data.detail.images, []) }}'),
      ]),
    ).toEqual([]);
  });
});
