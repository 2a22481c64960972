/**
 * `layout.computed` may read other computed values, never in a circle: each name on a cycle is
 * one issue at /computed/<name> that spells the loop out (a -> b -> a). Unknown names
 * (`computed.totl`) are checked with every other binding in semantic.ts.
 */
import { orderComputed } from '@kopa/contract';
import type { LayoutIssue } from '@kopa/contract';
import { LAYOUT_MESSAGES } from './messages';

export function computedCycleIssues(defs: Record<string, unknown>, file: string): LayoutIssue[] {
  const { cycles } = orderComputed(defs);
  return [...cycles].map(([name, loop]) => ({
    file,
    pointer: `/computed/${name}`, // names match ^[A-Za-z_][A-Za-z0-9_]*$: nothing to escape
    code: 'computed-cycle',
    message: LAYOUT_MESSAGES['computed-cycle'](name, loop.join(' -> ')),
    severity: 'error' as const,
  }));
}
