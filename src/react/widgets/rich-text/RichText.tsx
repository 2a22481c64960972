import { createElement, Fragment, useMemo, type ReactNode } from 'react';
import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { usePageRuntime } from '../../render/contexts';
import { useText } from '../../render/useBinding';
import { styleClass } from '../styleClass';
import type { SafeNode } from './sanitizeHtml';
import { textParagraphs } from './textParagraphs';
import { useSanitizer } from './useSanitizer';
import './rich-text.css';

/** React prop names for the few attributes the sanitiser lets through. */
const PROP_NAMES: Record<string, string> = { colspan: 'colSpan', rowspan: 'rowSpan' };

/** Elements come only from the sanitised tree: tags and attributes were vetted there. */
function toReact(nodes: readonly SafeNode[]): ReactNode[] {
  return nodes.map((n, i) => {
    if (typeof n === 'string') return <Fragment key={i}>{n}</Fragment>;
    const props: Record<string, string | number> = { key: i };
    for (const [name, value] of Object.entries(n.attrs)) props[PROP_NAMES[name] ?? name] = value;
    return n.children.length > 0
      ? createElement(n.tag, props, ...toReact(n.children))
      : createElement(n.tag, props);
  });
}

export default function RichText({ node, pointer }: WidgetProps<NodeOf<'rich-text'>>) {
  const { env } = usePageRuntime();
  const html = useText(node.html, `${pointer}/html`);
  const text = useText(node.text, `${pointer}/text`);
  const sanitizer = useSanitizer(Boolean(html));
  const content = useMemo(() => {
    if (html)
      return toReact(
        sanitizer?.sanitizeHtml(html, {
          checkLink: (raw) => env.checkUrl(raw),
          checkImage: (raw) => env.checkImageUrl(raw),
        }) ?? [],
      );
    return textParagraphs(text).map((lines, i) => (
      <p key={i}>
        {lines.map((line, j) => (
          <Fragment key={j}>
            {j > 0 ? <br /> : null}
            {line}
          </Fragment>
        ))}
      </p>
    ));
  }, [html, text, env, sanitizer]);

  return (
    <div id={node.id} className={styleClass(node.style, 'k-rich-text')}>
      {content}
    </div>
  );
}
