/**
 * The type of an expression, from the types of the names it reads (a Scope: data.* from the
 * response schemas, state.* from layout.state, computed.* followed through, widget locals) and
 * the function signatures. Problems found inside the expression itself (sum() over text,
 * money() of a money input's text, "+" with a value that may be absent) are reported as found.
 */
import type { Node } from '@kopa/expr';
import { SIGNATURES, type ArgProblem } from './signatures';
import {
  ANY,
  baseName,
  bool,
  list,
  num,
  objectOf,
  one,
  present,
  text,
  union,
  type Alt,
  type Ty,
} from './ty';

export interface TypeScope {
  /** The type of a name a binding starts with (data, state, computed, item, response, ...). */
  root(name: string): Ty | undefined;
}

export interface ExprProblem {
  code: 'type-mismatch' | 'shows-undefined' | 'optional-value';
  message: string;
}

/** An expression as written, for messages (short: long sub-expressions become "..."). */
export function show(node: Node): string {
  const s = print(node);
  return s.length > 70 ? `${s.slice(0, 67)}...` : s;
}

function print(node: Node): string {
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' ? `'${node.value}'` : String(node.value);
    case 'Identifier':
      return node.name;
    case 'Chain':
      return (
        print(node.base) +
        node.links
          .map((l) =>
            l.computed
              ? `${l.optional ? '?.' : ''}[${print(l.expr)}]`
              : `${l.optional ? '?.' : '.'}${l.name}`,
          )
          .join('')
      );
    case 'Call':
      return `${node.callee}(${node.args.map(print).join(', ')})`;
    case 'Unary':
      return `${node.operator}${print(node.argument)}`;
    case 'Binary':
    case 'Logical':
      return `${print(node.left)} ${node.operator} ${print(node.right)}`;
    case 'Conditional':
      return `${print(node.test)} ? ${print(node.consequent)} : ${print(node.alternate)}`;
    case 'Array':
      return `[${node.elements.map(print).join(', ')}]`;
    case 'Object':
      return `{${node.properties.map((p) => `${p.key}: ${print(p.value)}`).join(', ')}}`;
  }
}

/** "computed.payAmount <- state.amountInput" (or the expression itself when nothing named it). */
export function chainText(alt: Alt, fallback: string): string {
  return alt.chain.length > 0 ? alt.chain.join(' <- ') : fallback;
}

const hasKind = (ty: Ty, k: Alt['t']['k']): boolean => ty.alts.some((a) => a.t.k === k);
const isCents = (ty: Ty): boolean => ty.alts.some((a) => a.t.k === 'number' && a.t.cents);

export function inferType(node: Node, scope: TypeScope, report: (p: ExprProblem) => void): Ty {
  const infer = (n: Node): Ty => inferType(n, scope, report);
  switch (node.type) {
    case 'Literal':
      if (typeof node.value === 'string') return text([show(node)]);
      if (typeof node.value === 'number') return num();
      if (typeof node.value === 'boolean') return bool([show(node)]);
      return one({ k: 'null' }, [show(node)]);
    case 'Identifier':
      return scope.root(node.name) ?? ANY;
    case 'Chain':
      return chainType(node, infer(node.base));
    case 'Call': {
      const args = node.args.map(infer);
      const sig = Object.hasOwn(SIGNATURES, node.callee) ? SIGNATURES[node.callee] : undefined;
      if (!sig) return ANY;
      const result = sig(args, node.args, (p: ArgProblem) => {
        const arg = node.args[p.arg];
        const fix = p.fix ? `; write ${p.fix}` : '';
        report({
          code: 'type-mismatch',
          message: `${chainText(p.alt, arg ? show(arg) : node.callee)}: ${baseName(p.alt.t)}, but ${p.wants}${fix}`,
        });
      });
      // t('key', {n: x}) shows nothing in place of {n} when x is absent: worth a fallback.
      const params = node.callee === 't' ? node.args[1] : undefined;
      if (params?.type === 'Object') {
        for (const p of params.properties) {
          const ty = inferType(p.value, scope, () => undefined);
          if (ty.optional)
            report({
              code: 'optional-value',
              message: `${show(p.value)} may be absent (${ty.optional}): {${p.key}} in the message would show nothing; give a fallback, e.g. default(${show(p.value)}, ...)`,
            });
        }
      }
      // The signatures name their result "f(...)": messages show the call as written.
      const written = `${node.callee}(...)`;
      return {
        ...result,
        alts: result.alts.map((a) =>
          a.chain[0] === written ? { ...a, chain: [show(node), ...a.chain.slice(1)] } : a,
        ),
      };
    }
    case 'Unary':
      if (node.operator === '!') return bool([show(node)]);
      return num([show(node)], isCents(infer(node.argument)));
    case 'Binary':
      return binaryType(node, infer(node.left), infer(node.right), report);
    case 'Logical': {
      const left = infer(node.left);
      const right = infer(node.right);
      if (node.operator === '&&') return union(right, bool([show(node)]));
      // || and ?? give the right side when the left is absent: only the right can leave it absent.
      const alts = union(present(left), right).alts;
      return right.optional ? { alts, optional: right.optional } : { alts };
    }
    case 'Conditional':
      infer(node.test);
      return union(infer(node.consequent), infer(node.alternate));
    case 'Array': {
      const items = node.elements.map(infer);
      return list(() => (items.length > 0 ? union(...items) : ANY), [show(node)]);
    }
    case 'Object': {
      const fields = new Map(node.properties.map((p) => [p.key, infer(p.value)]));
      return objectOf(
        (n) => fields.get(n),
        () => [...fields.keys()],
        [show(node)],
      );
    }
  }
}

function binaryType(
  node: Extract<Node, { type: 'Binary' }>,
  left: Ty,
  right: Ty,
  report: (p: ExprProblem) => void,
): Ty {
  const label = [show(node)];
  switch (node.operator) {
    case '+': {
      if (hasKind(left, 'text') || hasKind(right, 'text')) {
        for (const [side, ty] of [
          [node.left, left],
          [node.right, right],
        ] as const) {
          const absent = ty.optional
            ? `may be absent (${ty.optional})`
            : hasKind(ty, 'null') && !hasKind(ty, 'text')
              ? 'may be null'
              : '';
          if (absent) {
            report({
              code: 'shows-undefined',
              message: `${show(side)} ${absent}: "+" would then show "${ty.optional ? 'undefined' : 'null'}" to the borrower; write default(${show(side)}, '') or use a mixed text ("... {{ ${show(side)} }}")`,
            });
          }
        }
        return text(label);
      }
      return typedNumber(left, right) ?? num(label, isCents(left) || isCents(right));
    }
    case '-':
      return typedNumber(left, right) ?? num(label, isCents(left) || isCents(right));
    case '*':
      return typedNumber(left, right) ?? num(label, isCents(left) !== isCents(right));
    case '/':
    case '%':
      return typedNumber(left, right) ?? num(label);
    default:
      return bool(label);
  }
}

/** Arithmetic on a number read from typed text stays that: `number(state.amount) * 100` is not cents. */
function typedNumber(left: Ty, right: Ty): Ty | undefined {
  const alt = [...left.alts, ...right.alts].find((a) => a.t.k === 'number' && a.t.typed);
  return alt ? { alts: [alt] } : undefined;
}

/** The type of `base` followed through the chain's links (members, indexes, ?.). */
function chainType(node: Extract<Node, { type: 'Chain' }>, base: Ty): Ty {
  let ty = base;
  let label = print(node.base);
  for (const link of node.links) {
    label += link.computed
      ? `${link.optional ? '?.' : ''}[${print(link.expr)}]`
      : `${link.optional ? '?.' : '.'}${link.name}`;
    const key = link.computed
      ? link.expr.type === 'Literal'
        ? link.expr.value
        : undefined
      : link.name;
    ty = member(ty, key, link.computed, label);
  }
  return ty;
}

function member(ty: Ty, key: unknown, indexed: boolean, label: string): Ty {
  const out: Ty[] = [];
  let optional = ty.optional;
  for (const alt of ty.alts) {
    const tail = alt.chain.length > 1 ? alt.chain.slice(1) : [];
    // The name as written, then where the field's own value came from (a computed value's
    // binding), else where the base came from (computed.list[0].x <- ...).
    const rechain = (t: Ty): Ty => ({
      ...t,
      alts: t.alts.map((a) => ({
        ...a,
        chain: [label, ...(a.chain.length > 1 ? a.chain.slice(1) : tail)],
      })),
    });
    const t = alt.t;
    if (key === 'length' && (t.k === 'list' || t.k === 'text')) out.push(num([label]));
    else if (t.k === 'list' && (indexed || typeof key === 'number')) out.push(rechain(t.item()));
    else if (t.k === 'text' && indexed) out.push(text([label]));
    else if (t.k === 'object' && typeof key === 'string') {
      const field = t.field(key);
      if (field) {
        out.push(rechain(field));
        if (field.optional) optional = field.optional;
      } else out.push(ANY);
    } else if (t.k !== 'null') out.push(ANY);
  }
  const alts = out.length > 0 ? union(...out).alts : ANY.alts;
  return optional ? { alts, optional } : { alts };
}
