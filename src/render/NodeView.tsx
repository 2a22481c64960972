import { memo, useContext, useEffect, type ComponentType } from 'react';
import { usePageRuntime, WidgetContext } from './contexts';
import { Fallback } from './Fallback';
import { NodeErrorBoundary } from './NodeErrorBoundary';
import { checkNode } from './nodeValidators';
import { useCondition } from './useBinding';
import type { WidgetProps } from './widgetTypes';

interface Props {
  node: unknown;
  pointer: string;
}

function isNodeLike(node: unknown): node is { type: string; visible?: boolean | string } {
  return node !== null && typeof node === 'object' && typeof (node as { type?: unknown }).type === 'string';
}

/**
 * Renders any layout node: checks it against its widget's schema, then renders the widget
 * inside its own error boundary. An unknown or broken node becomes a fallback and is reported
 * once; its siblings are untouched.
 */
export const NodeView = memo(function NodeView({ node, pointer }: Props) {
  const { env } = usePageRuntime();
  const widgets = useContext(WidgetContext);
  const problem = !isNodeLike(node)
    ? { pointer, message: 'A node must be an object with a string "type"' }
    : (() => {
        const check = checkNode(node, pointer);
        if (!check.ok) return { pointer: check.pointer ?? pointer, message: check.message ?? 'invalid node' };
        return widgets?.get(node.type) ? null : { pointer, message: `Widget "${node.type}" is not loaded` };
      })();
  useEffect(() => {
    if (problem) env.report({ pointer: problem.pointer, message: problem.message, kind: 'node' });
  }, [problem?.pointer, problem?.message, env]); // eslint-disable-line react-hooks/exhaustive-deps
  if (problem) return <Fallback pointer={problem.pointer} message={problem.message} />;
  const widgetNode = node as { type: string; visible?: boolean | string };
  const Widget = widgets?.get(widgetNode.type) as ComponentType<WidgetProps<unknown>>;
  return (
    <NodeErrorBoundary pointer={pointer} report={env.report}>
      {/* Most nodes have no condition: no extra component and no store subscription for them. */}
      {widgetNode.visible === undefined ? <Widget node={widgetNode} pointer={pointer} /> : <VisibleWidget Widget={Widget} node={widgetNode} pointer={pointer} />}
    </NodeErrorBoundary>
  );
});

function VisibleWidget({ Widget, node, pointer }: { Widget: ComponentType<WidgetProps<unknown>>; node: { visible?: boolean | string }; pointer: string }) {
  const visible = useCondition(node.visible, `${pointer}/visible`, true);
  return visible ? <Widget node={node} pointer={pointer} /> : null;
}

/** Renders a list of child nodes; keys are positions (layouts are static trees). */
export function Nodes({ nodes, pointer }: { nodes: readonly unknown[] | undefined; pointer: string }) {
  if (!nodes) return null;
  return nodes.map((child, i) => <NodeView key={i} node={child} pointer={`${pointer}/${i}`} />);
}
