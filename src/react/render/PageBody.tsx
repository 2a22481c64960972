import { useSyncExternalStore, type ReactNode } from 'react';
import type { LayoutDocument } from '@kopa/contract';
import { usePageRuntime } from './contexts';
import { Nodes } from './NodeView';
import { useCondition } from './useBinding';
import { LocalScopeContext } from './contexts';
import type { PageSnapshot } from '@kopa/runtime';
import { sourcesOf } from '@kopa/runtime';
import { EmptyState, ErrorState, HeaderNodes, LoadingState } from './PageState';
import { useText } from './useBinding';
import { useActionRunner } from './useAction';
import { PullArea, type PullTexts } from './PullArea';
import { msg } from '@kopa/format';

/**
 * The first blocking source that has no data yet and is loading or failed decides what the page
 * shows. Once a source has data, a reload (pull to refresh, Retry) keeps the body on screen.
 */
function blockingState(
  layout: LayoutDocument,
  snapshot: PageSnapshot,
): { name: string; status: 'loading' | 'error' } | null {
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
  const gate = useSyncExternalStore(store.subscribe, () => {
    const state = blockingState(layout, store.getSnapshot());
    return state ? `${state.status}:${state.name}` : 'ready';
  });
  const [status, name = ''] = gate.split(':') as [string, string?];
  const source = layout.dataSources?.[name];
  // Loading and error keep the layout's header above them: title and back stay.
  let content;
  if (status === 'loading') {
    content = (
      <>
        <HeaderNodes layout={layout} />
        {source?.loading ? (
          <Nodes nodes={source.loading} pointer={`/dataSources/${name}/loading`} />
        ) : (
          <LoadingState />
        )}
      </>
    );
  } else if (status === 'error') {
    content = (
      <>
        <HeaderNodes layout={layout} />
        {source?.error ? (
          <SourceErrorNodes name={name} nodes={source.error} />
        ) : (
          <DefaultError layout={layout} name={name} />
        )}
      </>
    );
  } else {
    content = <ReadyBody layout={layout} />;
    if (layout.onRefresh?.length) content = <PagePull layout={layout}>{content}</PagePull>;
  }
  return (
    <main className="k-page" data-layout={layout.id}>
      {content}
      <Nodes nodes={layout.dialogs} pointer="/dialogs" />
    </main>
  );
}

/** The layout's onRefresh: the whole page (content or empty state) answers a pull from the top. */
function PagePull({ layout, children }: { layout: LayoutDocument; children: ReactNode }) {
  const { run } = useActionRunner('');
  const texts: PullTexts = {
    pull: msg('widget.pullToRefresh'),
    release: msg('widget.releaseToRefresh'),
    loading: msg('common.loading'),
    finish: msg('widget.refreshed'),
  };
  return (
    <PullArea
      className="k-pull-refresh"
      texts={texts}
      onRefresh={() => run(layout.onRefresh, 'onRefresh')}
    >
      {children}
    </PullArea>
  );
}

function ReadyBody({ layout }: { layout: LayoutDocument }) {
  const [name, source] = sourcesOf(layout).find(([, s]) => s.empty) ?? [];
  const empty = source?.empty;
  const isEmpty = useCondition(empty?.when, `/dataSources/${name ?? ''}/empty/when`, false);
  const text = useText(empty?.text, `/dataSources/${name ?? ''}/empty/text`);
  if (!empty || !isEmpty) return <Nodes nodes={layout.body} pointer="/body" />;
  // The header stays; the layout's own empty nodes, or the designed empty state with its text.
  return (
    <>
      <HeaderNodes layout={layout} />
      {empty.body ? (
        <Nodes nodes={empty.body} pointer={`/dataSources/${name ?? ''}/empty/body`} />
      ) : (
        <EmptyState layout={layout} text={text} />
      )}
    </>
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

/** The designed error state: the server's message if meant for people, else a friendly one; Retry; a way out. */
function DefaultError({ layout, name }: { layout: LayoutDocument; name: string }) {
  const { reloadSource } = usePageRuntime();
  const error = useSourceError(name);
  return <ErrorState layout={layout} error={error} onRetry={() => void reloadSource(name)} />;
}
