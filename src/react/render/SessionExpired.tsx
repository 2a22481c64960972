import { useSyncExternalStore } from 'react';
import type { Action, LayoutDocument } from '@kopa/contract';
import { runActions } from '@kopa/runtime';
import { usePageRuntime } from './contexts';
import { NodeView } from './NodeView';
import { buildScope } from '@kopa/runtime';
import { msg } from '@kopa/format';

const LOG_IN: readonly Action[] = [{ type: 'bridge', action: 'openLogin' }];
const CLOSE: readonly Action[] = [{ type: 'bridge', action: 'closeWebView' }];

/**
 * What any page shows once a call answered HTTP 401: its header (so the host's back/close still
 * reads as this screen), the server's message when it is meant for people, and a way out: log
 * in again in the native app, or close the page. No Retry: the same call could only fail again.
 * Dialogs are not rendered (a code dialog left open would trap the borrower).
 */
export function SessionExpired({ layout }: { layout: LayoutDocument }) {
  const runtime = usePageRuntime();
  const { store, env } = runtime;
  const message = useSyncExternalStore(store.subscribe, () => store.getSnapshot().session.message);
  const run = (actions: readonly Action[], pointer: string) =>
    void runActions(actions, runtime, () => buildScope(store.getSnapshot(), env, {}), pointer);
  return (
    <main className="k-page" data-layout={layout.id} data-session="expired">
      {layout.body.map((node, i) =>
        isHeader(node) ? <NodeView key={i} node={node} pointer={`/body/${i}`} /> : null,
      )}
      <div className="k-state k-state--session" role="alert">
        <p>{message}</p>
        <button
          type="button"
          className="k-button k-button--primary"
          onClick={() => run(LOG_IN, '#session/logIn')}
        >
          {msg('session.logIn')}
        </button>
        <button
          type="button"
          className="k-button k-button--secondary"
          onClick={() => run(CLOSE, '#session/close')}
        >
          {msg('common.close')}
        </button>
      </div>
    </main>
  );
}

function isHeader(node: unknown): boolean {
  return (
    typeof node === 'object' && node !== null && (node as { type?: unknown }).type === 'page-header'
  );
}
