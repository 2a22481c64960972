import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { layoutOf, renderLayout } from '../support/renderLayout';
import { XSS_IMG, XSS_SVG, expectNoInjectedElements } from '../support/noInjection';
import example from '../../layouts/_examples/textarea.json';

const complaint = (extra: Record<string, unknown> = {}) => ({
  type: 'textarea',
  bind: 'form.content',
  label: 'Description',
  placeholder: 'Please describe the problem',
  maxLength: 200,
  counter: true,
  ...extra,
});

const field = () => screen.getByLabelText('Description') as HTMLTextAreaElement;

describe('textarea', () => {
  it('binds typed text to the state and counts it against 200', async () => {
    const { user } = await renderLayout(
      layoutOf([complaint(), { type: 'text', text: 'Saved: {{ state.form.content }}' }]),
    );
    expect(field().placeholder).toBe('Please describe the problem');
    screen.getByText('0/200');
    await user.type(field(), 'Late fee');
    screen.getByText('Saved: Late fee');
    screen.getByText('8/200');
  });

  it('ignores the 201st character typed and shows 200/200 (spec 5)', async () => {
    const { user } = await renderLayout(
      layoutOf([complaint(), { type: 'text', text: 'Length: {{ len(state.form.content) }}' }], {
        state: { form: { content: 'a'.repeat(198) } },
      }),
    );
    screen.getByText('198/200');
    await user.type(field(), 'xyz');
    expect(field().value).toBe(`${'a'.repeat(198)}xy`);
    screen.getByText('200/200');
    screen.getByText('Length: 200');
  });

  it('cuts input that passes the maxlength attribute (paste, IME, scripted) to 200', async () => {
    await renderLayout(
      layoutOf([complaint(), { type: 'text', text: 'Length: {{ len(state.form.content) }}' }]),
    );
    fireEvent.change(field(), { target: { value: 'b'.repeat(250) } });
    expect(field().value).toBe('b'.repeat(200));
    screen.getByText('200/200');
    screen.getByText('Length: 200');
  });

  it('never keeps half of an emoji at the limit', async () => {
    await renderLayout(layoutOf([complaint()]));
    fireEvent.change(field(), { target: { value: `${'c'.repeat(199)}😀` } });
    expect(field().value).toBe('c'.repeat(199));
    screen.getByText('199/200');
  });

  it('is read-only while its disabled condition holds, and hides the counter unless asked', async () => {
    const { user } = await renderLayout(
      layoutOf([complaint({ counter: false, disabled: '{{ state.sent }}' })], {
        state: { sent: true, form: { content: 'sent text' } },
      }),
    );
    expect(field().readOnly).toBe(true);
    await user.type(field(), 'more');
    expect(field().value).toBe('sent text');
    expect(screen.queryByText(/\/200/)).toBeNull();
  });

  it('shows hostile label, placeholder and text literally (SECURITY 1)', async () => {
    const { container } = await renderLayout(
      layoutOf([complaint({ label: XSS_IMG, placeholder: XSS_SVG })], {
        state: { form: { content: XSS_IMG } },
      }),
    );
    const area = screen.getByLabelText(XSS_IMG) as HTMLTextAreaElement;
    expect(area.value).toBe(XSS_IMG);
    expect(area.placeholder).toBe(XSS_SVG);
    expect(container.querySelector('svg')).toBeNull();
    expectNoInjectedElements(container);
  });

  it('renders the example layout', async () => {
    const { user } = await renderLayout(example);
    await user.type(screen.getByLabelText('Description'), 'Hello');
    screen.getByText('5/200');
  });
});
