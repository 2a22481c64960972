import type { RuntimeEnv } from './env';
import type { PageSnapshot } from './pageStore';
import type { LocalScope } from './pageRuntime';
import { computedValues } from './computed';

/**
 * The names a binding can read: data (responses by source), state, query, config, local (values
 * kept on the device), and locals
 * such as item/index/response/error. A null-prototype object: nothing inherited is reachable.
 */
export function buildScope(
  snapshot: PageSnapshot,
  env: RuntimeEnv,
  locals: LocalScope,
): Record<string, unknown> {
  const scope: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  scope.data = snapshot.data;
  scope.state = snapshot.state;
  scope.query = env.query;
  scope.config = env.config;
  scope.dialogs = snapshot.dialogs;
  scope.sources = snapshot.sources;
  scope.screen = snapshot.screen;
  // Read-only: only the storage action and layout persist write it (through the env).
  scope.local = snapshot.local;
  // One object per snapshot, filled as bindings read it, from the names above (no locals).
  scope.computed = computedValues(snapshot, snapshot.computedDefs, { ...scope }, env);
  for (const key of Object.keys(locals)) scope[key] = locals[key];
  return scope;
}

const shared = new WeakMap<PageSnapshot, WeakMap<LocalScope, Record<string, unknown>>>();

/**
 * The same scope, frozen and shared by every binding that reads one snapshot with the same
 * locals: a 1000-row list then builds one scope per row per change, not one per binding.
 * Actions use buildScope: they may add names of their own.
 */
export function sharedScope(
  snapshot: PageSnapshot,
  env: RuntimeEnv,
  locals: LocalScope,
): Readonly<Record<string, unknown>> {
  let byLocals = shared.get(snapshot);
  if (!byLocals) {
    byLocals = new WeakMap();
    shared.set(snapshot, byLocals);
  }
  let scope = byLocals.get(locals);
  if (!scope) {
    scope = Object.freeze(buildScope(snapshot, env, locals));
    byLocals.set(locals, scope);
  }
  return scope;
}
