import type { ErrorObject, ValidateFunction } from 'ajv';

type ValidatorModule = Record<string, ValidateFunction | undefined>;

let loaded: ValidatorModule | null = null;
let loading: Promise<ValidatorModule> | null = null;

/** The build-time compiled validators (ajv standalone): loaded once, in parallel with the layout. */
export function loadNodeValidators(): Promise<ValidatorModule> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= import('@kopa/contract/appValidators').then((m) => {
    loaded = m as unknown as ValidatorModule;
    return loaded;
  });
  return loading;
}

function camel(kebab: string): string {
  return kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export interface NodeCheck {
  ok: boolean;
  pointer?: string;
  message?: string;
}

const cache = new WeakMap<object, NodeCheck>();

/**
 * Set once a layout the server checked for this build renders (src/contract/schema/layoutChecked.ts):
 * until the validators load, its nodes are known good. A layout without that stamp is never
 * rendered before they load (src/app/shell/loadLayout.ts), so it is always checked node by node.
 */
let serverCheckedRendering = false;

export function acceptServerCheckedNodes(): void {
  serverCheckedRendering = true;
}

export function describeAjvError(error: ErrorObject | undefined): string {
  if (!error) return 'invalid';
  if (error.keyword === 'additionalProperties') {
    return `unknown property "${String((error.params as { additionalProperty?: string }).additionalProperty)}"`;
  }
  if (error.keyword === 'discriminator')
    return `unknown type "${String((error.params as { tagValue?: unknown }).tagValue)}"`;
  return error.message ?? error.keyword;
}

/** Checks one node against its widget's schema (children are checked when they render). */
export function checkNode(node: { type: string }, basePointer: string): NodeCheck {
  const cached = cache.get(node);
  if (cached) return cached;
  if (!loaded && serverCheckedRendering) return { ok: true };
  const validate = loaded?.[`validate_${camel(node.type)}`];
  let result: NodeCheck;
  if (!validate)
    result = { ok: false, pointer: basePointer, message: `Unknown widget type "${node.type}"` };
  else if (validate(node)) result = { ok: true };
  else {
    const first = validate.errors?.[0];
    result = {
      ok: false,
      pointer: `${basePointer}${first?.instancePath ?? ''}`,
      message: describeAjvError(first),
    };
  }
  cache.set(node, result);
  return result;
}
