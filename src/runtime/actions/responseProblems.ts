import type { CallResult, RuntimeEnv } from '../env';
import { msg } from '@kopa/format';

/**
 * Reports what the response boundary (src/app/http/normalise.ts) found wrong with an answer, once per
 * call: a refused answer (`bad-response`) as one report, a usable one's left-out or missing
 * fields one report each. A backend defect for the operators, never a borrower's toast.
 */
export function reportResponseProblems(
  env: RuntimeEnv,
  pointer: string,
  endpoint: string,
  result: CallResult,
): void {
  if (result.ok) {
    for (const problem of result.problems ?? [])
      env.report({ pointer, message: `${endpoint}: ${problem}`, kind: 'response' });
  } else if (result.kind === 'bad-response') {
    env.report({
      pointer,
      message: `${endpoint}: ${'detail' in result ? String(result.detail) : result.message}`,
      kind: 'response',
    });
  }
}

/** The first of `requires` (field paths inside the data) the data lacks, or undefined. */
export function missingRequirement(
  data: unknown,
  requires: readonly string[] | undefined,
): string | undefined {
  return requires?.find((path) => {
    let v: unknown = data;
    for (const key of path.split('.'))
      v =
        v !== null && typeof v === 'object' && !Array.isArray(v)
          ? (v as Record<string, unknown>)[key]
          : undefined;
    return v === undefined || v === null;
  });
}

/**
 * `result`, unless it is a success without a field the layout marks as one it cannot do without
 * (`requires`): then that is reported once and the call counts as a bad response.
 */
export function withRequirements(
  env: RuntimeEnv,
  pointer: string,
  endpoint: string,
  result: CallResult,
  requires: readonly string[] | undefined,
): CallResult {
  const lacking = result.ok ? missingRequirement(result.data, requires) : undefined;
  if (lacking === undefined) return result;
  // Each problem once: the boundary may already have reported this field as missing.
  const known =
    result.ok && (result.problems ?? []).some((p) => p.endsWith(`data.${lacking} is missing`));
  if (!known)
    env.report({
      pointer: `${pointer}/requires`,
      message: `${endpoint}: data.${lacking} is missing and the layout requires it`,
      kind: 'response',
    });
  return { ok: false, kind: 'bad-response', message: msg('http.badResponse') };
}
