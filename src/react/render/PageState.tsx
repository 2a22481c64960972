import type { ReactNode } from 'react';
import type { Action, LayoutDocument } from '@kopa/contract';
import { runActions } from '@kopa/runtime';
import { msg } from '@kopa/format';
import { usePageRuntime } from './contexts';
import { NodeView } from './NodeView';
import { buildScope } from '@kopa/runtime';
import { messageForPeople } from '@kopa/runtime';
import type { CallError } from '@kopa/runtime';

/*
 * The designed states a data-driven page shows instead of its body: loading, error,
 * empty and session expired. Each keeps the layout's page header (title and back arrow, so the
 * screen still reads as itself and the borrower can leave) and adds a way out of its own.
 */

const CLOSE: readonly Action[] = [{ type: 'bridge', action: 'closeWebView' }];

interface HeaderLike {
  type?: unknown;
  onBack?: Action[];
}

function headerOf(layout: LayoutDocument): { node: HeaderLike; index: number } | null {
  const index = layout.body.findIndex(
    (n) => typeof n === 'object' && n !== null && (n as HeaderLike).type === 'page-header',
  );
  return index < 0 ? null : { node: layout.body[index] as HeaderLike, index };
}

/** Whether the state's own title is the page's h1 (no header above it) or an h2 under it. */
export function hasHeader(layout: LayoutDocument): boolean {
  return headerOf(layout) !== null;
}

/** The layout's top-level page headers, rendered at their own pointers. */
export function HeaderNodes({ layout }: { layout: LayoutDocument }) {
  return (
    <>
      {layout.body.map((node, i) =>
        typeof node === 'object' && node !== null && (node as HeaderLike).type === 'page-header' ? (
          <NodeView key={i} node={node} pointer={`/body/${i}`} />
        ) : null,
      )}
    </>
  );
}

/**
 * The way out of a state: what the header's back arrow does (a parent page, or closing the web
 * view), or closing the web view when the header has no back (the browser fallback goes back in
 * history or says the page can be closed). Labelled Back or Close accordingly.
 */
export function useWayOut(layout: LayoutDocument): { label: string; run: () => void } {
  const runtime = usePageRuntime();
  const header = headerOf(layout);
  const back = header?.node.onBack && header.node.onBack.length > 0 ? header.node.onBack : null;
  const actions = back ?? CLOSE;
  const pointer = back ? `/body/${header?.index ?? 0}/onBack` : '#state/close';
  const run = () =>
    void runActions(
      actions,
      runtime,
      () => buildScope(runtime.store.getSnapshot(), runtime.env, {}),
      pointer,
    );
  const closes =
    !back ||
    (back.length === 1 &&
      back[0]?.type === 'bridge' &&
      (back[0] as { action?: string }).action === 'closeWebView');
  return { label: msg(closes ? 'common.close' : 'common.back'), run };
}

/**
 * The transport kinds and the app's own line for each (http.*), read when shown: the first screen's
 * data may fail before a non-English catalogue has arrived (src/app/shell/firstScreen.ts starts it
 * before React), so the message made at failure time could be in English.
 */
const TRANSPORT: Readonly<Record<string, string>> = {
  timeout: 'http.timeout',
  network: 'http.network',
  'bad-response': 'http.badResponse',
  aborted: 'http.aborted',
  'unknown-endpoint': 'http.unknownEndpoint',
};

/**
 * What a failed load says: for a call that never got an answer, the app's own line for the cause
 * (offline, timed out); for a server's answer, its words when they are meant for people (never a
 * raw "Internal Server Error", src/runtime/session.ts messageForPeople), else a friendly line.
 */
export function errorText(
  error: { code: string; message: string; serverMessage: string } | undefined,
): string {
  const own = error && Object.hasOwn(TRANSPORT, error.code) ? TRANSPORT[error.code] : undefined;
  if (own) return msg(own);
  // message: the server's own, or the endpoint's wording for its code, or the generic line.
  return messageForPeople(error?.message) ?? msg('state.error.generic');
}

function StateTitle({ layout, children }: { layout: LayoutDocument; children: ReactNode }) {
  return hasHeader(layout) ? (
    <h2 className="k-state__title">{children}</h2>
  ) : (
    <h1 className="k-state__title">{children}</h1>
  );
}

export function LoadingState() {
  return (
    <div className="k-state k-state--loading" role="status" aria-live="polite">
      <span className="k-spinner" aria-hidden="true" />
      <span>{msg('state.loading')}</span>
    </div>
  );
}

/**
 * The reference the error screen shows for a failed call the server named: the id's last 8
 * characters, short enough to read out to support and enough to find the call's log line (a
 * proxy's id may share its first characters with every other id of the same minute).
 */
export function shortRef(requestId: string): string {
  return requestId.slice(-8);
}

export function ErrorState({
  layout,
  error,
  onRetry,
}: {
  layout: LayoutDocument;
  error: CallError | undefined;
  onRetry: () => void;
}) {
  const wayOut = useWayOut(layout);
  return (
    <div className="k-state k-state--error" role="alert">
      <span className="k-state__icon" aria-hidden="true">
        !
      </span>
      <StateTitle layout={layout}>{msg('state.errorTitle')}</StateTitle>
      <p className="k-state__message">{errorText(error)}</p>
      {error?.requestId ? (
        <p className="k-state__ref">{msg('state.errorRef', { ref: shortRef(error.requestId) })}</p>
      ) : null}
      <div className="k-state__actions">
        <button type="button" className="k-button k-button--primary" onClick={onRetry}>
          {msg('common.retry')}
        </button>
        <button type="button" className="k-button k-button--secondary" onClick={wayOut.run}>
          {wayOut.label}
        </button>
      </div>
    </div>
  );
}

export function EmptyState({ layout, text }: { layout: LayoutDocument; text: string }) {
  const wayOut = useWayOut(layout);
  return (
    <div className="k-state k-state--empty" role="status">
      <span className="k-state__icon k-state__icon--empty" aria-hidden="true" />
      <StateTitle layout={layout}>{text || msg('state.emptyTitle')}</StateTitle>
      <div className="k-state__actions">
        <button type="button" className="k-button k-button--secondary" onClick={wayOut.run}>
          {wayOut.label}
        </button>
      </div>
    </div>
  );
}
