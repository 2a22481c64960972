import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  layoutOf,
  ok,
  renderLayout,
  serverError,
  type FakeResponse,
} from '../support/renderLayout';
import type { CallResult } from '../../src/runtime/env';
import { XSS_IMG, XSS_SVG, expectNoInjectedElements } from '../support/noInjection';
import example from '../../layouts/_examples/image-upload.json';

const PNG_HEAD = [
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
];
const png = (name = 'photo.png', extra = 0) =>
  new File([new Uint8Array([...PNG_HEAD, ...new Array<number>(extra).fill(0)])], name, {
    type: 'image/png',
  });

function uploader(extra: Record<string, unknown> = {}) {
  return {
    type: 'image-upload',
    bind: 'form.images',
    resultPath: 'upload',
    maxBytes: 1024,
    onSelect: [
      {
        type: 'http',
        endpoint: 'uploadProblemImg',
        params: { problemImage: '{{ file }}' },
        saveAs: 'upload',
        onSuccess: [{ type: 'toast', message: 'Upload succeeded!' }],
      },
    ],
    ...extra,
  };
}

function page(state: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return layoutOf(
    [uploader(extra), { type: 'text', text: 'Count: {{ len(state.form.images) }}' }],
    { state: { form: { images: [] }, ...state } },
  );
}

function counting(): FakeResponse {
  let n = 0;
  return () => ok({ url: `/uploads/${++n}.png` }, '00');
}

/** accept= only filters the picker; a hostile page or device can hand over anything, so test without it. */
const setupUser = () => userEvent.setup({ applyAccept: false });
const input = () => screen.getByLabelText('Add picture') as HTMLInputElement;
const srcs = () =>
  [...document.querySelectorAll('.k-image-upload__img')].map((img) => img.getAttribute('src'));

describe('image-upload', () => {
  it('uploads a real PNG at once as multipart file and appends the returned URL', async () => {
    const { recorded } = await renderLayout(page(), {
      responses: { uploadProblemImg: counting() },
    });
    const user = setupUser();
    const file = png();
    await user.upload(input(), file);
    await screen.findByRole('img', { name: 'Picture 1' });
    expect(srcs()).toEqual(['/uploads/1.png']);
    screen.getByText('Count: 1');
    expect(recorded.calls).toHaveLength(1);
    expect(recorded.calls[0]?.endpoint).toBe('uploadProblemImg');
    expect(recorded.calls[0]?.params.problemImage).toBe(file);
    expect(recorded.toasts.map((t) => t.message)).toEqual(['Upload succeeded!']);
    await user.upload(input(), png('second.png'));
    await waitFor(() => expect(srcs()).toEqual(['/uploads/1.png', '/uploads/2.png']));
  });

  it.each([
    ['a 0-byte file', () => new File([], 'empty.png', { type: 'image/png' }), 'The file is empty.'],
    [
      'an SVG',
      () =>
        new File(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], 'a.svg', {
          type: 'image/svg+xml',
        }),
      'Please choose a PNG, JPEG, GIF or WebP picture.',
    ],
    [
      'a text file named .png',
      () => new File(['just some text, not a picture'], 'photo.png', { type: 'image/png' }),
      'Please choose a PNG, JPEG, GIF or WebP picture.',
    ],
    ['an oversize PNG', () => png('big.png', 2000), 'The picture is too large.'],
    ['a name with a path', () => png('../../etc/x.png'), 'The file name is not allowed.'],
  ])(
    'refuses %s with a clear message and sends nothing (SECURITY 19)',
    async (_, make, message) => {
      const { recorded } = await renderLayout(page(), {
        responses: { uploadProblemImg: counting() },
      });
      await setupUser().upload(input(), make());
      await screen.findByText(message);
      expect(recorded.toasts.map((t) => t.message)).toEqual([message]);
      expect(recorded.calls).toHaveLength(0);
      screen.getByText('Count: 0');
    },
  );

  it.each([
    ['JPEG', [0xff, 0xd8, 0xff, 0xe0]],
    ['GIF', [...'GIF89a'].map((c) => c.charCodeAt(0))],
    ['WebP', [...'RIFF\0\0\0\0WEBP'].map((c) => c.charCodeAt(0))],
  ])('accepts a %s by its first bytes, whatever its name', async (_, head) => {
    const { recorded } = await renderLayout(page(), {
      responses: { uploadProblemImg: counting() },
    });
    await setupUser().upload(
      input(),
      new File([new Uint8Array([...head, 1, 2, 3])], 'IMG_0001', { type: '' }),
    );
    await waitFor(() => expect(recorded.calls).toHaveLength(1));
    await screen.findByText('Count: 1');
  });

  it('holds at most 9 pictures: the add tile goes at 9', async () => {
    const eight = Array.from({ length: 8 }, (_, i) => `/uploads/old${i}.png`);
    await renderLayout(page({ form: { images: eight } }), {
      responses: { uploadProblemImg: counting() },
    });
    await setupUser().upload(input(), png());
    await screen.findByText('Count: 9');
    expect(screen.queryByLabelText('Add picture')).toBeNull();
    expect(screen.getAllByRole('img')).toHaveLength(9);
  });

  it('removal deletes that URL from the list', async () => {
    const { user } = await renderLayout(
      page({ form: { images: ['/uploads/a.png', '/uploads/b.png', '/uploads/c.png'] } }),
    );
    await user.click(screen.getByRole('button', { name: 'Remove picture 2' }));
    expect(srcs()).toEqual(['/uploads/a.png', '/uploads/c.png']);
    screen.getByText('Count: 2');
  });

  it('appends nothing when the upload fails or the answer has no usable URL', async () => {
    const answers: CallResult[] = [
      serverError('Upload failed: busy'),
      ok({ url: 'javascript:alert(1)' }, '00'),
      ok({}, '00'),
    ];
    const { recorded } = await renderLayout(page(), {
      responses: { uploadProblemImg: () => answers.shift() ?? ok({}) },
    });
    const user = setupUser();
    await user.upload(input(), png());
    await screen.findByText('Upload failed: busy');
    await user.upload(input(), png());
    await waitFor(() => expect(recorded.calls).toHaveLength(2));
    await user.upload(input(), png());
    await waitFor(() => expect(recorded.calls).toHaveLength(3));
    await waitFor(() =>
      expect(
        recorded.reports.filter((r) => r.message.includes('No usable image URL')),
      ).toHaveLength(2),
    );
    screen.getByText('Count: 0');
    expect(document.querySelector('img')).toBeNull();
  });

  it('uploads one picture at a time', async () => {
    let answer!: (r: CallResult) => void;
    const { recorded } = await renderLayout(page(), {
      responses: {
        uploadProblemImg: () => new Promise<CallResult>((resolve) => (answer = resolve)),
      },
    });
    const user = setupUser();
    await user.upload(input(), png());
    await waitFor(() => expect(input().disabled).toBe(true));
    await user.upload(input(), png('two.png'));
    expect(recorded.calls).toHaveLength(1);
    answer(ok({ url: '/uploads/1.png' }, '00'));
    await screen.findByText('Count: 1');
    await waitFor(() => expect(input().disabled).toBe(false));
  });

  it('readOnly only shows the pictures, and only safe sources', async () => {
    await renderLayout(
      page(
        {
          form: {
            images: ['/uploads/a.png', 'javascript:alert(1)', 'https://cdn.kopa.example/b.png'],
          },
        },
        { readOnly: true },
      ),
    );
    expect(srcs()).toEqual(['/uploads/a.png', 'https://cdn.kopa.example/b.png']);
    expect(screen.queryByLabelText('Add picture')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows hostile labels and messages as text (SECURITY 1)', async () => {
    const { container } = await renderLayout(
      page({}, { addLabel: XSS_IMG, messages: { empty: XSS_SVG } }),
    );
    await setupUser().upload(screen.getByLabelText(XSS_IMG), new File([], 'a.png'));
    await screen.findByText(XSS_SVG);
    expect(document.querySelector('svg')).toBeNull();
    expectNoInjectedElements(container);
    expectNoInjectedElements(document.body);
  });

  it('renders the example layout and uploads into it', async () => {
    const { recorded } = await renderLayout(example, {
      responses: { uploadProblemImg: counting() },
    });
    screen.getByText('Pictures (0/9)');
    await setupUser().upload(input(), png());
    await screen.findByText('Pictures (1/9)');
    expect(recorded.toasts.map((t) => t.message)).toEqual(['Upload succeeded!']);
  });
});
