import { useMemo } from 'react';
import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { useText } from '../../render/useBinding';
import { usePageRuntime } from '../../render/contexts';
import { styleClass } from '../styleClass';
import { TipList } from './TipList';
import { encodeQr } from './qrEncode';
import './qr-view.css';

/** Quiet zone around the code, in modules (the QR standard asks for 4). */
const QUIET = 4;

interface Matrix {
  size: number;
  /** One rect per horizontal run of dark modules: a fraction of the elements of one per module. */
  runs: { x: number; y: number; w: number }[];
}

function buildMatrix(value: string): Matrix | null {
  // UTF-8, so that non-Latin text is scanned back as written.
  const modules = encodeQr(new TextEncoder().encode(value));
  if (!modules) return null; // too long for any QR version: the caller reports it
  const count = modules.length;
  const runs: Matrix['runs'] = [];
  for (let row = 0; row < count; row++) {
    let start = -1;
    for (let col = 0; col <= count; col++) {
      const dark = col < count && modules[row]?.[col] === true;
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        runs.push({ x: start + QUIET, y: row + QUIET, w: col - start });
        start = -1;
      }
    }
  }
  return { size: count + QUIET * 2, runs };
}

/** Drawn as React SVG elements from the module matrix: no markup string is ever injected. */
export default function QrView({ node, pointer }: WidgetProps<NodeOf<'qr-view'>>) {
  const { env } = usePageRuntime();
  const value = useText(node.value, `${pointer}/value`);
  const caption = useText(node.caption, `${pointer}/caption`);
  const matrix = useMemo(() => {
    if (!value) return null;
    const m = buildMatrix(value);
    if (!m)
      env.report({
        pointer: `${pointer}/value`,
        message: `QR value too long (${value.length} characters)`,
        kind: 'widget',
      });
    return m;
  }, [value, env, pointer]);
  const size = node.size ?? 200;

  return (
    <figure id={node.id} className={styleClass(node.style, 'k-qr-view')}>
      {matrix ? (
        <svg
          role="img"
          aria-label={caption || 'QR code'}
          className="k-qr-view__code"
          width={size}
          height={size}
          viewBox={`0 0 ${matrix.size} ${matrix.size}`}
          shapeRendering="crispEdges"
        >
          <rect x={0} y={0} width={matrix.size} height={matrix.size} fill="#fff" />
          {matrix.runs.map((r) => (
            <rect key={`${r.y}-${r.x}`} x={r.x} y={r.y} width={r.w} height={1} fill="#000" />
          ))}
        </svg>
      ) : (
        <div
          className="k-qr-view__placeholder"
          style={{ width: size, height: size }}
          aria-hidden="true"
        />
      )}
      {caption ? <figcaption className="k-qr-view__caption">{caption}</figcaption> : null}
      {node.tips && node.tips.length > 0 ? (
        <TipList title={node.tipsTitle} tips={node.tips} pointer={pointer} />
      ) : null}
    </figure>
  );
}
