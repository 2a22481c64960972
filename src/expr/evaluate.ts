import type { ChainNode, Node } from './ast';
import { abort, describe } from './errors';
import { LIMITS } from './limits';
import { applyBinary, applyUnary, checkString } from './operators';
import { isForbiddenKey, readMember } from './safeAccess';

export type ExprFunction = (...args: unknown[]) => unknown;
/** The functions an expression may call: a plain or null-prototype object, or a Map. */
export type ExprFunctions =
  Readonly<Record<string, ExprFunction>> | ReadonlyMap<string, ExprFunction>;
export type Scope = Readonly<Record<string, unknown>>;

export interface EvalContext {
  readonly scope: Scope;
  readonly fns: ExprFunctions;
  /** Nodes visited so far; shared by all bindings of one template. */
  steps: number;
}

export function createContext(scope: Scope, fns: ExprFunctions): EvalContext {
  return { scope, fns, steps: 0 };
}

/** Walks the tree. Throws ExprAbort; callers in template.ts turn that into an error value. */
export function evaluateNode(node: Node, ctx: EvalContext): unknown {
  if (++ctx.steps > LIMITS.maxSteps) abort('Expression takes too many steps', node.pos);
  switch (node.type) {
    case 'Literal':
      return node.value;
    case 'Identifier':
      return lookup(ctx.scope, node.name, node.pos);
    case 'Chain':
      return evaluateChain(node, ctx);
    case 'Call':
      return call(
        node.callee,
        node.args.map((a) => evaluateNode(a, ctx)),
        ctx.fns,
        node.pos,
      );
    case 'Unary':
      return applyUnary(node.operator, evaluateNode(node.argument, ctx), node.pos);
    case 'Binary':
      return applyBinary(
        node.operator,
        evaluateNode(node.left, ctx),
        evaluateNode(node.right, ctx),
        node.pos,
      );
    case 'Logical': {
      const left = evaluateNode(node.left, ctx);
      if (node.operator === '&&') return left ? evaluateNode(node.right, ctx) : left;
      if (node.operator === '||') return left ? left : evaluateNode(node.right, ctx);
      return left === null || left === undefined ? evaluateNode(node.right, ctx) : left;
    }
    case 'Conditional':
      return evaluateNode(node.test, ctx)
        ? evaluateNode(node.consequent, ctx)
        : evaluateNode(node.alternate, ctx);
    case 'Array':
      return node.elements.map((e) => evaluateNode(e, ctx));
    case 'Object': {
      const obj: Record<string, unknown> = {};
      for (const p of node.properties) {
        // The parser already refuses these keys; checked again because the tree is plain data
        // that anyone could build, and a `__proto__` assignment would swap the prototype.
        if (isForbiddenKey(p.key)) abort(`Key "${p.key}" is not allowed in an object`, p.pos);
        obj[p.key] = evaluateNode(p.value, ctx);
      }
      return obj;
    }
  }
}

/** Identifiers are the scope's own data properties; nothing global is ever in reach. */
function lookup(scope: Scope, name: string, pos: number): unknown {
  if (isForbiddenKey(name)) abort(`"${name}" is not accessible`, pos);
  // A non-object scope (from untyped callers) simply has no names in it.
  const desc =
    typeof scope === 'object' && scope !== null
      ? Object.getOwnPropertyDescriptor(scope, name)
      : undefined;
  const value: unknown = desc !== undefined && 'value' in desc ? desc.value : undefined;
  if (typeof value === 'function') abort(`"${name}" is a function, not a value`, pos);
  return value;
}

function evaluateChain(node: ChainNode, ctx: EvalContext): unknown {
  let value = evaluateNode(node.base, ctx);
  for (const link of node.links) {
    // `a?.b.c` with a nullish `a` is undefined as a whole, as in JavaScript.
    if (link.optional && (value === null || value === undefined)) return undefined;
    const key = link.computed ? propertyKey(evaluateNode(link.expr, ctx), link.pos) : link.name;
    const read = readMember(value, key);
    if (read.ok) {
      value = read.value;
    } else if (read.reason === 'nullish') {
      abort(`Cannot read ${describe(key)} of ${value === null ? 'null' : 'undefined'}`, link.pos);
    } else if (read.reason === 'forbidden') {
      abort(`Property ${describe(String(key))} is not accessible`, link.pos);
    } else {
      abort(`Property ${describe(String(key))} is a function, not a value`, link.pos);
    }
  }
  return value;
}

function propertyKey(key: unknown, pos: number): string | number {
  if (typeof key === 'string' || typeof key === 'number') return key;
  return abort(`Cannot use ${describe(key)} as a property name`, pos);
}

function findFunction(fns: ExprFunctions, name: string): ExprFunction | undefined {
  let fn: unknown;
  if (fns instanceof Map) {
    fn = fns.get(name);
  } else if (Object.hasOwn(fns, name)) {
    // Own properties only: `toString()` must not reach Object.prototype.toString.
    const desc = Object.getOwnPropertyDescriptor(fns, name);
    fn = desc !== undefined && 'value' in desc ? desc.value : undefined;
  }
  return typeof fn === 'function' ? (fn as ExprFunction) : undefined;
}

function call(name: string, args: unknown[], fns: ExprFunctions, pos: number): unknown {
  const fn = findFunction(fns, name);
  if (fn === undefined) abort(`Unknown function "${name}"`, pos);
  let result: unknown;
  try {
    result = Reflect.apply(fn, undefined, args);
  } catch (e) {
    // A function's failure is the author's problem to see, not a crash of the page.
    const reason = e instanceof Error && typeof e.message === 'string' ? e.message : 'it threw';
    abort(`${name}() failed: ${reason}`, pos);
  }
  if (typeof result === 'function')
    abort(`${name}() returned a function, which is not a value`, pos);
  return typeof result === 'string' ? checkString(result, pos) : result;
}
