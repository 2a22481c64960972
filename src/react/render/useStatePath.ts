import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { getAtPath, parseStatePath, setAtPathDraft } from '@kopa/expr';
import { usePageRuntime } from './contexts';

/**
 * Two-way binding of a widget to a page-state path (inputs, pickers, checkboxes). A path that
 * does not parse, or that names a prototype key, is reported and reads as undefined.
 */
export function useStatePath(
  path: string | undefined,
  pointer: string,
): [unknown, (value: unknown) => void] {
  const { store, env } = usePageRuntime();
  const segments = useMemo(() => {
    if (!path) return null;
    const parsed = parseStatePath(path);
    if (parsed.ok) return parsed.segments;
    env.report({ pointer, message: parsed.error, kind: 'state-path' });
    return null;
  }, [path, pointer, env]);
  const read = () => (segments ? getAtPath(store.getSnapshot().state, segments) : undefined);
  const value = useSyncExternalStore(store.subscribe, read, read);
  const write = useCallback(
    (next: unknown) => {
      if (!segments) return;
      store.update((draft) => {
        setAtPathDraft(draft.state, segments, next);
      });
    },
    [segments, store],
  );
  return [value, write];
}

export function useDialogOpen(id: string): [boolean, (open: boolean) => void] {
  const { store } = usePageRuntime();
  const read = () => store.getSnapshot().dialogs[id] === true;
  const open = useSyncExternalStore(store.subscribe, read, read);
  const set = useCallback(
    (next: boolean) =>
      store.update((draft) => {
        draft.dialogs[id] = next;
      }),
    [id, store],
  );
  return [open, set];
}

/** Reads a state path as it is at the moment of the call (after actions ran), not as last rendered. */
export function useStateReader(): (path: string) => unknown {
  const { store } = usePageRuntime();
  return useCallback(
    (path: string) => {
      const parsed = parseStatePath(path);
      return parsed.ok ? getAtPath(store.getSnapshot().state, parsed.segments) : undefined;
    },
    [store],
  );
}
