/**
 * useField: an input-like widget (input, textarea, enum-picker, and so the server form's inputs)
 * with rules registers itself for the validate action while it is on screen. The value checked
 * is the one in the page state when validate runs (after earlier actions of the same list).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { getAtPath, parseStatePath } from '@kopa/expr';
import { pageFieldSet, type FieldEntry } from '@kopa/runtime';
import { usePageRuntime } from './contexts';
import { firstFailure, type NumberKind, type ResolvedRule } from './inputRules';
import { useValue } from './useBinding';

const NO_RULES: readonly unknown[] = Object.freeze([]);

export interface FieldOptions {
  id: string | undefined;
  pointer: string;
  /** node.rules as written in the layout (bindings resolved here). */
  rules: unknown;
  /** The state path the widget writes (undefined: nothing to check). */
  path: string | undefined;
  kind?: NumberKind;
  /** The value as rendered: a change clears the message shown inline. */
  value: unknown;
}

/**
 * Registers a field while it is mounted and gives the widget its inline message and the ref
 * for its root element and for its control.
 */
export function useField(options: FieldOptions) {
  const runtime = usePageRuntime();
  const { id, pointer, path, kind = 'plain', value } = options;
  const resolved = useValue(options.rules ?? NO_RULES, `${pointer}/rules`);
  const rules = useRef<readonly ResolvedRule[]>([]);
  rules.current = Array.isArray(resolved) ? (resolved as ResolvedRule[]) : [];
  // The message stays while the value is the one it was about: typing clears it.
  const [shown, setShown] = useState<{ message: string; at: unknown } | null>(null);
  const error = shown && Object.is(shown.at, value) ? shown.message : null;
  const root = useRef<HTMLElement | null>(null);
  const control = useRef<HTMLElement | null>(null);
  const segments = useMemo(() => {
    const parsed = path ? parseStatePath(path) : null;
    return parsed?.ok ? parsed.segments : null;
  }, [path]);
  const hasRules = options.rules !== undefined;

  useEffect(() => {
    if (!hasRules) return undefined;
    const read = () =>
      segments ? getAtPath(runtime.store.getSnapshot().state, segments) : undefined;
    const entry: FieldEntry = {
      id,
      pointer,
      check: () => firstFailure(rules.current, read(), kind),
      element: () => root.current,
      showError: (message) => setShown(message === null ? null : { message, at: read() }),
      focus: () => control.current?.focus(),
    };
    const set = pageFieldSet(runtime);
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  }, [runtime, id, pointer, segments, kind, hasRules]);

  const rootRef = useCallback((el: HTMLElement | null) => {
    root.current = el;
  }, []);
  const controlRef = useCallback((el: HTMLElement | null) => {
    control.current = el;
  }, []);
  return { error, rootRef, controlRef };
}
