import { Component, type ReactNode } from 'react';
import { Fallback } from './Fallback';

interface Props {
  pointer: string;
  report: (problem: { pointer: string; message: string; kind: string }) => void;
  children: ReactNode;
}

/** One boundary per node: a widget that throws replaces itself with a fallback, nothing more. */
export class NodeErrorBoundary extends Component<Props, { error: string | null }> {
  override state = { error: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error.message : String(error) };
  }

  override componentDidCatch(error: unknown) {
    this.props.report({ pointer: this.props.pointer, message: error instanceof Error ? error.message : String(error), kind: 'render' });
  }

  override render() {
    if (this.state.error !== null) return <Fallback pointer={this.props.pointer} message={this.state.error} />;
    return this.props.children;
  }
}
