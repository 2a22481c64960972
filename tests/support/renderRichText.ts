import { layoutOf, ok, renderLayout, type RenderLayoutOptions } from './renderLayout';

/** Renders `html` as the agreement text of a rich-text widget, as the agreement page does. */
export async function renderHtml(
  html: string,
  options: Pick<RenderLayoutOptions, 'allowHosts' | 'query'> = {},
) {
  return renderLayout(
    layoutOf([{ type: 'rich-text', id: 'terms', html: '{{ data.agreement.content }}' }], {
      dataSources: { agreement: { endpoint: 'contractJump' } },
    }),
    { ...options, responses: { contractJump: ok({ content: html }) } },
  );
}

/** The rendered rich-text widget. */
export const richTextBody = () => document.getElementById('terms') as HTMLElement;

/** Every attribute under `root`, as `tag[name=value]`. */
export function everyAttribute(root: Element): string[] {
  return [root, ...root.querySelectorAll('*')].flatMap((el) =>
    [...el.attributes].map((a) => `${el.localName}[${a.name}=${a.value}]`),
  );
}
