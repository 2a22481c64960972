import { Component, type ComponentType } from 'react';
import { NodeEnvContext, type NodeEnv } from './contexts';
import { Fallback } from './Fallback';
import { PreviewMark, previewMarksOn } from './PreviewSelection';
import { checkNode } from './nodeValidators';
import { useCondition } from './useBinding';
import type { WidgetProps } from './widgetTypes';

interface Props {
  node: unknown;
  pointer: string;
}

interface Problem {
  pointer: string;
  message: string;
}

function isNodeLike(node: unknown): node is { type: string; visible?: boolean | string } {
  return (
    node !== null &&
    typeof node === 'object' &&
    typeof (node as { type?: unknown }).type === 'string'
  );
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * Renders any layout node: checks it against its widget's schema, then renders the widget. It is
 * also the node's error boundary: a widget that throws replaces itself with a fallback, and an
 * unknown or broken node becomes one; each is reported once, and its siblings are untouched.
 *
 * One class for the check and the boundary (not a memo'd function around a boundary class) keeps
 * a node at two fibers, itself and its widget, instead of three: a screen of 100 nodes is that
 * much less for React to create and walk on a slow phone.
 */
interface State {
  error: string | null;
  /** Counts widget chunks loaded for this node after its first render (a dialog opened early). */
  loads: number;
}

export class NodeView extends Component<Props, State> {
  static override contextType = NodeEnvContext;
  declare context: NodeEnv | null;
  override state: State = { error: null, loads: 0 };
  /** Types whose chunk this node asked for itself; asked once, then a missing one is a problem. */
  private asked = new Set<string>();
  private unmounted = false;
  /** The problem the last render showed, and the one last reported (reported again only when it changes). */
  private shown: Problem | null = null;
  private reported = '';

  static getDerivedStateFromError(error: unknown) {
    return { error: messageOf(error) };
  }

  override componentDidCatch(error: unknown) {
    this.context?.report({
      pointer: this.props.pointer,
      message: messageOf(error),
      kind: 'render',
    });
  }

  // What memo() did: a parent's render passes the same node object, so nothing to do.
  override shouldComponentUpdate(next: Props, nextState: State, nextContext: NodeEnv | null) {
    return (
      next.node !== this.props.node ||
      next.pointer !== this.props.pointer ||
      nextState.error !== this.state.error ||
      nextState.loads !== this.state.loads ||
      nextContext !== this.context
    );
  }

  override componentDidMount() {
    this.reportProblem();
  }

  override componentWillUnmount() {
    this.unmounted = true;
  }

  /**
   * A widget whose chunk has not come yet (a dialog opened before the chunks behind the first
   * screen arrived): asks for it once and renders when it is there, instead of a fallback.
   */
  private waitsForChunk(type: string): boolean {
    const widgets = this.context?.widgets;
    if (!widgets || widgets.get(type) || this.asked.has(type)) return false;
    this.asked.add(type);
    void widgets
      .preload([type])
      .catch(() => undefined)
      .then(() => {
        if (!this.unmounted) this.setState((s) => ({ loads: s.loads + 1 }));
      });
    return true;
  }

  override componentDidUpdate() {
    this.reportProblem();
  }

  private reportProblem() {
    const problem = this.shown;
    const key = problem ? `${problem.pointer}\n${problem.message}` : '';
    if (problem && key !== this.reported)
      this.context?.report({ pointer: problem.pointer, message: problem.message, kind: 'node' });
    this.reported = key;
  }

  private problemOf(node: unknown, pointer: string): Problem | null {
    if (!isNodeLike(node))
      return { pointer, message: 'A node must be an object with a string "type"' };
    const check = this.context?.widgets.checkCustom(node, pointer) ?? checkNode(node, pointer);
    if (!check.ok)
      return { pointer: check.pointer ?? pointer, message: check.message ?? 'invalid node' };
    return this.context?.widgets.get(node.type)
      ? null
      : { pointer, message: `Widget "${node.type}" is not loaded` };
  }

  override render() {
    const { node, pointer } = this.props;
    if (this.state.error !== null) return <Fallback pointer={pointer} message={this.state.error} />;
    if (isNodeLike(node) && this.waitsForChunk(node.type)) {
      this.shown = null;
      return null;
    }
    this.shown = this.problemOf(node, pointer);
    if (this.shown) return <Fallback pointer={this.shown.pointer} message={this.shown.message} />;
    const widgetNode = node as { type: string; visible?: boolean | string };
    const Widget = this.context?.widgets.get(widgetNode.type) as ComponentType<
      WidgetProps<unknown>
    >;
    // Most nodes have no condition: no extra component and no store subscription for them.
    const view =
      widgetNode.visible === undefined ? (
        <Widget node={widgetNode} pointer={pointer} />
      ) : (
        <VisibleWidget Widget={Widget} node={widgetNode} pointer={pointer} />
      );
    // An operator's preview marks the node the studio selected (PreviewSelection.tsx).
    return previewMarksOn() ? <PreviewMark pointer={pointer}>{view}</PreviewMark> : view;
  }
}

function VisibleWidget({
  Widget,
  node,
  pointer,
}: {
  Widget: ComponentType<WidgetProps<unknown>>;
  node: { visible?: boolean | string };
  pointer: string;
}) {
  const visible = useCondition(node.visible, `${pointer}/visible`, true);
  return visible ? <Widget node={node} pointer={pointer} /> : null;
}

/** Renders a list of child nodes; keys are positions (layouts are static trees). */
export function Nodes({
  nodes,
  pointer,
}: {
  nodes: readonly unknown[] | undefined;
  pointer: string;
}) {
  if (!nodes) return null;
  return nodes.map((child, i) => <NodeView key={i} node={child} pointer={`${pointer}/${i}`} />);
}
