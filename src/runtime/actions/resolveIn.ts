import { resolveValue, toDisplayText, isTruthy, type ResolveProblem } from '../resolve';
import type { ActionContext } from './types';

function reportAll(ctx: ActionContext, problems: ResolveProblem[]): void {
  for (const p of problems)
    ctx.runtime.env.report({ pointer: p.pointer, message: p.message, kind: 'binding' });
}

/** Evaluates an action's value against the scope at the moment the action runs. */
export function resolveIn(ctx: ActionContext, value: unknown, field: string): unknown {
  const problems: ResolveProblem[] = [];
  const resolved = resolveValue(value, ctx.scope(), `${ctx.pointer}/${field}`, problems);
  reportAll(ctx, problems);
  return resolved;
}

export function textIn(ctx: ActionContext, value: string | undefined, field: string): string {
  return toDisplayText(resolveIn(ctx, value ?? '', field));
}

export function conditionIn(ctx: ActionContext, value: boolean | string, field: string): boolean {
  return isTruthy(resolveIn(ctx, value, field));
}

export function paramsIn(
  ctx: ActionContext,
  value: Record<string, unknown> | undefined,
  field: string,
): Record<string, unknown> {
  const resolved = resolveIn(ctx, value ?? {}, field);
  return resolved !== null && typeof resolved === 'object' && !Array.isArray(resolved)
    ? (resolved as Record<string, unknown>)
    : {};
}
