import { useSyncExternalStore } from 'react';
import type { LayoutDocument } from '../schema/generated/types';
import { usePageRuntime } from './contexts';
import { Nodes } from './NodeView';
import { useCondition } from './useBinding';
import { LocalScopeContext } from './contexts';
import type { PageSnapshot } from './pageStore';
import { sourcesOf } from './dataSources';
import { SessionExpired } from './SessionExpired';

/**
 * The first blocking source that has no data yet and is loading or failed decides what the page
 * shows. Once a source has data, a reload (pull to refresh, Retry) keeps the body on screen.
 */
function blockingState(layout: LayoutDocument, snapshot: PageSnapshot): { name: string; status: 'loading' | 'error' } | null {
  for (const [name, source] of sourcesOf(layout)) {
    if (source.blocking === false || source.load === 'manual') continue;
    if (snapshot.data[name] !== undefined) continue;
    const status = snapshot.sources[name]?.status ?? 'loading';
    if (status === 'loading' || status === 'idle') return { name, status: 'loading' };
    if (status === 'error') return { name, status: 'error' };
  }
  return null;
}

export function PageBody({ layout }: { layout: LayoutDocument }) {
  const { store } = usePageRuntime();
  const gate = useSyncExternalStore(
    store.subscribe,
    () => {
      const snapshot = store.getSnapshot();
      if (snapshot.session.expired) return 'session';
      const state = blockingState(layout, snapshot);
      return state ? `${state.status}:${state.name}` : 'ready';
    },
  );
  if (gate === 'session') return <SessionExpired layout={layout} />;
  const [status, name = ''] = gate.split(':') as [string, string?];
  const source = layout.dataSources?.[name];
  let content;
  if (status === 'loading') {
    content = source?.loading ? <Nodes nodes={source.loading} pointer={`/dataSources/${name}/loading`} /> : <DefaultLoading />;
  } else if (status === 'error') {
    content = source?.error ? <SourceErrorNodes name={name} nodes={source.error} /> : <DefaultError name={name} />;
  } else {
    content = <ReadyBody layout={layout} />;
  }
  return (
    <main className="k-page" data-layout={layout.id}>
      {content}
      <Nodes nodes={layout.dialogs} pointer="/dialogs" />
    </main>
  );
}

function ReadyBody({ layout }: { layout: LayoutDocument }) {
  const [name, source] = sourcesOf(layout).find(([, s]) => s.empty) ?? [];
  const empty = source?.empty;
  const isEmpty = useCondition(empty?.when, `/dataSources/${name ?? ''}/empty/when`, false);
  if (empty && isEmpty) return <Nodes nodes={empty.body} pointer={`/dataSources/${name ?? ''}/empty/body`} />;
  return <Nodes nodes={layout.body} pointer="/body" />;
}

function DefaultLoading() {
  return (
    <div className="k-state k-state--loading" role="status" aria-live="polite">
      <span className="k-spinner" aria-hidden="true" />
      <span>Loading...</span>
    </div>
  );
}

function useSourceError(name: string) {
  const { store } = usePageRuntime();
  return useSyncExternalStore(store.subscribe, () => store.getSnapshot().sources[name]?.error);
}

function SourceErrorNodes({ name, nodes }: { name: string; nodes: readonly unknown[] }) {
  const error = useSourceError(name);
  return (
    <LocalScopeContext.Provider value={{ error }}>
      <Nodes nodes={nodes} pointer={`/dataSources/${name}/error`} />
    </LocalScopeContext.Provider>
  );
}

function DefaultError({ name }: { name: string }) {
  const { reloadSource } = usePageRuntime();
  const error = useSourceError(name);
  return (
    <div className="k-state k-state--error" role="alert">
      <p>{error?.message || 'Something went wrong.'}</p>
      <button type="button" className="k-button k-button--primary" onClick={() => void reloadSource(name)}>
        Retry
      </button>
    </div>
  );
}
