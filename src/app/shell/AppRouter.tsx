import { startTransition, useLayoutEffect, useState, type ReactNode } from 'react';
import {
  createPath,
  NavigationType,
  Router,
  type Location,
  type Navigator,
  type To,
} from 'react-router-dom';

/**
 * The browser's history for React Router, as BrowserRouter keeps it, less one write at start.
 *
 * BrowserRouter's history numbers every entry it makes (`idx` in history.state) and so writes the
 * first entry with history.replaceState the moment it is created, before the first render. That
 * write is a round trip to the browser process: 0.2-30 ms on a 4x slower CPU, 7 ms on average
 * (docs/decisions/018-performance.md). The number is only read by React Router's blockers and its
 * POP delta, which the app does not use, so this history writes history.state only when it
 * navigates: the same entries, URLs, keys (`default` for the first) and `usr` state as before.
 */
export interface AppHistory extends Navigator {
  readonly action: NavigationType;
  readonly location: Location;
  /** Called after every change (push, replace, back/forward); returns the unsubscribe. */
  listen(listener: (update: { action: NavigationType; location: Location }) => void): () => void;
}

interface EntryState {
  usr?: unknown;
  key?: string;
}

const newKey = (): string => Math.random().toString(36).slice(2, 10);

export function createAppHistory(win: Window = window): AppHistory {
  const read = (): Location => {
    const { pathname, search, hash } = win.location;
    const state = (win.history.state ?? null) as EntryState | null;
    return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
  };
  let action = NavigationType.Pop;
  let location = read();
  let listener: ((update: { action: NavigationType; location: Location }) => void) | null = null;
  const changed = (next: NavigationType) => {
    action = next;
    location = read();
    listener?.({ action, location });
  };
  const href = (to: To): string => (typeof to === 'string' ? to : createPath(to));
  const onPop = () => changed(NavigationType.Pop);
  return {
    get action() {
      return action;
    },
    get location() {
      return location;
    },
    listen(fn) {
      listener = fn;
      win.addEventListener('popstate', onPop);
      return () => {
        win.removeEventListener('popstate', onPop);
        if (listener === fn) listener = null;
      };
    },
    createHref: href,
    encodeLocation(to) {
      const url = new URL(href(to), win.location.href);
      return { pathname: url.pathname, search: url.search, hash: url.hash };
    },
    push(to, state) {
      const url = href(to);
      try {
        win.history.pushState({ usr: state ?? null, key: newKey() } satisfies EntryState, '', url);
      } catch (error) {
        // As React Router: state that cannot be stored is the caller's bug; a browser that refuses
        // more entries (iOS caps them) still gets the page, by a full load.
        if (error instanceof DOMException && error.name === 'DataCloneError') throw error;
        win.location.assign(url);
        return;
      }
      changed(NavigationType.Push);
    },
    replace(to, state) {
      win.history.replaceState(
        { usr: state ?? null, key: newKey() } satisfies EntryState,
        '',
        href(to),
      );
      changed(NavigationType.Replace);
    },
    go: (delta) => win.history.go(delta),
  };
}

/** BrowserRouter with the history above: navigations render in a transition, as BrowserRouter's do. */
export function AppRouter({
  children,
  history = createAppHistory,
}: {
  children: ReactNode;
  history?: () => AppHistory;
}) {
  const [own] = useState(history);
  const [state, setState] = useState(() => ({ action: own.action, location: own.location }));
  useLayoutEffect(() => own.listen((update) => startTransition(() => setState(update))), [own]);
  return (
    <Router location={state.location} navigationType={state.action} navigator={own}>
      {children}
    </Router>
  );
}
