import { useCallback, useContext, useRef, useSyncExternalStore } from 'react';
import { LocalScopeContext, usePageRuntime } from './contexts';
import { buildScope, sharedScope } from '@kopa/runtime';
import {
  isStatic,
  isTruthy,
  resolveValue,
  toDisplayText,
  type ResolveProblem,
} from '@kopa/runtime';
import { readsStore } from '@kopa/runtime';
import type { PageSnapshot, PageStore } from '@kopa/runtime';

/**
 * Subscribes to the page store through a selector: the widget re-renders only when the value
 * it reads changes (Object.is), not on every keystroke elsewhere on the page.
 */
function useSelector<T>(
  store: PageStore,
  select: (snapshot: PageSnapshot) => T,
  deps: readonly unknown[],
  live = true,
): T {
  const cache = useRef<{ snapshot: PageSnapshot; deps: readonly unknown[]; value: T } | null>(null);
  const getValue = () => {
    const snapshot = store.getSnapshot();
    const last = cache.current;
    if (last && last.snapshot === snapshot && sameDeps(last.deps, deps)) return last.value;
    const value = select(snapshot);
    if (last && Object.is(last.value, value)) {
      cache.current = { snapshot, deps, value: last.value };
      return last.value;
    }
    cache.current = { snapshot, deps, value };
    return value;
  };
  return useSyncExternalStore(live ? store.subscribe : neverChanges, getValue, getValue);
}

/** For a value no store change can change: nothing to be told about (one listener less per node). */
const neverChanges = (): (() => void) => () => {};

function sameDeps(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
}

/** The current scope as a function, for actions (read at the moment they run). */
export function useScopeReader(): () => Record<string, unknown> {
  const { store, env } = usePageRuntime();
  const locals = useContext(LocalScopeContext);
  return useCallback(() => buildScope(store.getSnapshot(), env, locals), [store, env, locals]);
}

/** Evaluates a layout value (bindings inside) against the live page; problems are reported once. */
export function useValue(value: unknown, pointer: string): unknown {
  const { env, store } = usePageRuntime();
  const locals = useContext(LocalScopeContext);
  // Created at the first problem, not at every render of every bound value.
  const reported = useRef<Set<string> | null>(null);
  return useSelector(
    store,
    (snapshot) => {
      const problems: ResolveProblem[] = [];
      const resolved = resolveValue(value, sharedScope(snapshot, env, locals), pointer, problems);
      for (const p of problems) {
        const key = `${p.pointer}|${p.message}`;
        reported.current ??= new Set<string>();
        if (reported.current.has(key)) continue;
        reported.current.add(key);
        env.report({ pointer: p.pointer, message: p.message, kind: 'binding' });
      }
      return resolved;
    },
    [value, pointer, locals, env],
    // Subscribed only when a store change can change it: not for t('key'), config, query or locals.
    !isStatic(value) && readsStore(value),
  );
}

export function useText(value: string | undefined, pointer: string): string {
  return toDisplayText(useValue(value ?? '', pointer));
}

/** A condition (boolean or binding); `fallback` when absent. */
export function useCondition(
  value: boolean | string | undefined,
  pointer: string,
  fallback: boolean,
): boolean {
  const resolved = useValue(value ?? fallback, pointer);
  return isTruthy(resolved);
}
