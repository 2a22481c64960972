import { useEffect, useMemo } from 'react';
import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { usePageRuntime } from '../../render/contexts';
import { useText } from '../../render/useBinding';
import { styleClass } from '../styleClass';
import { msg } from '@kopa/format';
import './web-frame.css';

type Checked = { ok: true; url: string } | { ok: false; reason: string } | null;

/**
 * An iframe whose source passed env.checkFrameUrl (SECURITY 11, 12): a same-origin path,
 * or https on a host of config/app.json frameHosts (the CSP's frame-src) with no session value in
 * the URL. A refused source renders nothing and is reported once per source.
 */
export default function WebFrame({ node, pointer }: WidgetProps<NodeOf<'web-frame'>>) {
  const { env, urlSite } = usePageRuntime();
  const raw = useText(node.src, `${pointer}/src`).trim();
  const title = useText(node.title, `${pointer}/title`);
  const checked = useMemo<Checked>(() => {
    if (raw === '') return null;
    const result = env.checkFrameUrl(raw, urlSite(`${pointer}/src`));
    return result.ok ? { ok: true, url: result.url } : result;
  }, [raw, env, urlSite, pointer]);
  const refusal = checked !== null && !checked.ok ? checked.reason : null;

  useEffect(() => {
    if (refusal === null) return;
    env.report({
      pointer: `${pointer}/src`,
      message: `Frame source refused: ${raw.slice(0, 80)} (${refusal})`,
      kind: 'web-frame',
    });
  }, [refusal, raw, pointer, env]);

  if (checked === null || !checked.ok) return null;
  return (
    <iframe
      className={styleClass(node.style, `k-web-frame k-web-frame--${node.height ?? 'm'}`)}
      data-node-id={node.id}
      src={checked.url}
      title={title || msg('widget.embeddedPage')}
      // Always present: an empty list is the strictest sandbox.
      sandbox={(node.sandbox ?? []).join(' ')}
      referrerPolicy="no-referrer"
    />
  );
}
