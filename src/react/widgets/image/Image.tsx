import { useEffect, useMemo, useState } from 'react';
import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { usePageRuntime } from '../../render/contexts';
import type { PageRuntime, RuntimeEnv } from '@kopa/runtime';
import { useText, useValue } from '../../render/useBinding';
import { useActionRunner } from '../../render/useAction';
import { styleClass } from '../styleClass';
import { msg } from '@kopa/format';
import './image.css';

/**
 * The URL of an image endpoint (the captcha) for the resolved params; '' (nothing shown) while a
 * param is still empty, e.g. before the captcha session id has loaded.
 */
const NO_PARAMS = Object.freeze({});

function endpointSource(env: RuntimeEnv, endpoint: string | undefined, paramsKey: string): string {
  if (endpoint === undefined) return '';
  const params = JSON.parse(paramsKey) as Record<string, unknown>;
  if (Object.values(params).some((v) => v === undefined || v === null || v === '')) return '';
  return env.imageUrl(endpoint, params) ?? '';
}

/**
 * The checked source of the image (null: nothing to show), from `src` or from an image endpoint;
 * a refused source is reported once per source.
 */
function useImageSource(
  node: NodeOf<'image'>,
  pointer: string,
  { env, urlSite }: PageRuntime,
): string | null {
  const fromSrc = useText(node.src, `${pointer}/src`).trim();
  const params = useValue(node.params ?? NO_PARAMS, `${pointer}/params`);
  // undefined kept as null, so a param that has not resolved yet still counts as missing.
  const paramsKey = JSON.stringify(params ?? {}, (_key, v: unknown) =>
    v === undefined ? null : v,
  );
  const fromEndpoint = useMemo(
    () => endpointSource(env, node.endpoint, paramsKey),
    [env, node.endpoint, paramsKey],
  );
  const raw = node.endpoint === undefined ? fromSrc : fromEndpoint;
  const src = useMemo(
    () => (raw === '' ? null : env.checkImageUrl(raw, urlSite(`${pointer}/src`))),
    [raw, env, urlSite, pointer],
  );
  const refused = raw !== '' && src === null;

  useEffect(() => {
    if (!refused) return;
    // A hostile source may be long; enough of it to find in the layout or the data is plenty.
    env.report({
      pointer: `${pointer}/src`,
      message: `Image source refused: ${raw.slice(0, 80)}`,
      kind: 'image',
    });
  }, [refused, raw, pointer, env]);
  return src;
}

/** The image as a button that opens it full screen; the overlay, its × and Escape close it. */
function ZoomableImage(props: { className: string; nodeId?: string; src: string; alt: string }) {
  const { className, src, alt } = props;
  const [zoomed, setZoomed] = useState(false);
  useEffect(() => {
    if (!zoomed) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setZoomed(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [zoomed]);
  return (
    <>
      <button
        type="button"
        className={`${className} k-image__button`}
        data-node-id={props.nodeId}
        aria-haspopup="dialog"
        aria-label={alt ? undefined : msg('widget.enlargeImage')}
        onClick={() => setZoomed(true)}
      >
        <img className="k-image__img" src={src} alt={alt} loading="lazy" decoding="async" />
      </button>
      {zoomed ? (
        <div
          role="dialog"
          aria-modal="true"
          aria-label={alt || msg('widget.image')}
          className="k-image-zoom"
          onClick={() => setZoomed(false)}
        >
          <img className="k-image-zoom__img" src={src} alt={alt} />
          <button
            type="button"
            className="k-image-zoom__close"
            aria-label={msg('common.close')}
            onClick={() => setZoomed(false)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
    </>
  );
}

/**
 * An image whose source went through env.checkImageUrl: a layout or API value such as
 * `javascript:` or `data:text/html` never reaches an element (SECURITY 11); the node renders
 * nothing and the refusal is reported once per source.
 */
export default function Image({ node, pointer }: WidgetProps<NodeOf<'image'>>) {
  const runtime = usePageRuntime();
  const src = useImageSource(node, pointer, runtime);
  const alt = useText(node.alt, `${pointer}/alt`);
  const { run } = useActionRunner(pointer);

  // Nothing rendered for an empty or refused source: a broken-image icon helps nobody.
  if (src === null) return null;

  const className = styleClass(
    node.style,
    `k-image k-image--${node.size ?? 'full'} k-image--${node.fit ?? 'contain'}`,
  );
  if (node.zoomable)
    return <ZoomableImage className={className} nodeId={node.id} src={src} alt={alt} />;
  const img = <img className="k-image__img" src={src} alt={alt} loading="lazy" decoding="async" />;
  if (node.onTap) {
    return (
      <button
        type="button"
        className={`${className} k-image__button`}
        data-node-id={node.id}
        aria-label={alt ? undefined : msg('widget.image')}
        onClick={() => void run(node.onTap, 'onTap')}
      >
        {img}
      </button>
    );
  }
  return (
    <span className={className} data-node-id={node.id}>
      {img}
    </span>
  );
}
