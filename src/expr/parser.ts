import type { BinaryOperator, ChainLink, LogicalOperator, Node, UnaryOperator } from './ast';
import { childrenOf } from './ast';
import { abort } from './errors';
import { LIMITS } from './limits';
import { isForbiddenKey } from './safeAccess';
import { tokenize, type Token } from './tokenizer';

// Higher binds tighter; the same table as JavaScript for the operators we keep.
const PRECEDENCE: ReadonlyMap<string, number> = new Map([
  ['??', 1],
  ['||', 2],
  ['&&', 3],
  ['==', 4],
  ['!=', 4],
  ['===', 4],
  ['!==', 4],
  ['<', 5],
  ['<=', 5],
  ['>', 5],
  ['>=', 5],
  ['+', 6],
  ['-', 6],
  ['*', 7],
  ['/', 7],
  ['%', 7],
]);

const KEYWORDS: ReadonlyMap<string, boolean | null | undefined> = new Map<
  string,
  boolean | null | undefined
>([
  ['true', true],
  ['false', false],
  ['null', null],
  ['undefined', undefined],
]);

const CALL_HINT = 'only functions from the function list can be called, as name(args)';

/**
 * Parses one expression (the text inside `{{ }}`). `offset` is where `src` starts in the layout
 * string, so positions in errors and nodes point into the string the author wrote.
 * Throws ExprAbort; the public entry points in template.ts turn that into an error value.
 */
export function parseExpression(src: string, offset = 0): Node {
  if (src.length > LIMITS.maxExpressionLength) {
    abort(`Expression is longer than ${LIMITS.maxExpressionLength} characters`, offset);
  }
  const parser = new Parser(tokenize(src, offset));
  const node = parser.expression();
  parser.expectEnd();
  return node;
}

function unexpected(t: Token): never {
  return abort(
    t.kind === 'eof'
      ? 'Unexpected end of expression'
      : `Unexpected token ${JSON.stringify(t.text)}`,
    t.pos,
  );
}

class Parser {
  private index = 0;
  private nesting = 0;
  // Heights are computed as nodes are built, so a tree the evaluator cannot walk is never built.
  private readonly heights = new WeakMap<Node, number>();
  // JavaScript refuses `a || b ?? c` without parentheses; we keep that rule so that an
  // expression means the same here as it would to anyone reading it as JavaScript.
  private readonly grouped = new WeakSet<Node>();

  constructor(private readonly tokens: readonly Token[]) {}

  // Every path that recurses back into expression() goes through enter(): brackets, calls,
  // unary operators and ternary branches. That bounds the recursion by LIMITS.maxNesting.
  expression(): Node {
    const test = this.binary(1);
    const q = this.peek();
    if (!this.isPunct(q, '?')) return test;
    this.index++;
    this.enter(q.pos);
    const consequent = this.expression();
    this.expect(':');
    const alternate = this.expression();
    this.nesting--;
    return this.make({ type: 'Conditional', test, consequent, alternate, pos: q.pos });
  }

  expectEnd(): void {
    const t = this.peek();
    if (t.kind !== 'eof') unexpected(t);
  }

  private binary(minPrecedence: number): Node {
    let left = this.unary();
    for (;;) {
      const t = this.peek();
      const precedence = t.kind === 'punct' ? PRECEDENCE.get(t.text) : undefined;
      if (precedence === undefined || precedence < minPrecedence) return left;
      this.index++;
      const right = this.binary(precedence + 1);
      left = this.combine(t, left, right);
    }
  }

  private combine(op: Token, left: Node, right: Node): Node {
    const isLogical = op.text === '&&' || op.text === '||' || op.text === '??';
    if (!isLogical) {
      return this.make({
        type: 'Binary',
        operator: op.text as BinaryOperator,
        left,
        right,
        pos: op.pos,
      });
    }
    const clashes = (side: Node): boolean =>
      side.type === 'Logical' &&
      !this.grouped.has(side) &&
      (side.operator === '??') !== (op.text === '??');
    if (clashes(left) || clashes(right)) {
      abort('Use parentheses to mix ?? with && or ||', op.pos);
    }
    return this.make({
      type: 'Logical',
      operator: op.text as LogicalOperator,
      left,
      right,
      pos: op.pos,
    });
  }

  private unary(): Node {
    const t = this.peek();
    if (this.isPunct(t, '!') || this.isPunct(t, '-') || this.isPunct(t, '+')) {
      this.index++;
      this.enter(t.pos);
      const argument = this.unary();
      this.nesting--;
      return this.make({ type: 'Unary', operator: t.text as UnaryOperator, argument, pos: t.pos });
    }
    return this.postfix();
  }

  private postfix(): Node {
    const base = this.primary();
    const links: ChainLink[] = [];
    for (;;) {
      const t = this.peek();
      if (t.kind !== 'punct') break;
      if (t.text === '.' || t.text === '?.') {
        this.index++;
        const optional = t.text === '?.';
        const after = this.peek();
        if (optional && this.isPunct(after, '[')) {
          this.index++;
          links.push({ computed: true, expr: this.bracketed(after.pos), optional, pos: t.pos });
        } else if (optional && this.isPunct(after, '(')) {
          abort(`Cannot call here: ${CALL_HINT}`, after.pos);
        } else {
          links.push({ computed: false, name: this.propertyName(), optional, pos: t.pos });
        }
      } else if (t.text === '[') {
        this.index++;
        links.push({ computed: true, expr: this.bracketed(t.pos), optional: false, pos: t.pos });
      } else if (t.text === '(') {
        const what = links.length > 0 ? 'Methods cannot be called' : 'Cannot call this value';
        abort(`${what}: ${CALL_HINT}`, t.pos);
      } else {
        break;
      }
    }
    return links.length === 0 ? base : this.make({ type: 'Chain', base, links, pos: base.pos });
  }

  /** The `expr]` of `a[expr]`, after the `[`. */
  private bracketed(pos: number): Node {
    this.enter(pos);
    const expr = this.expression();
    this.expect(']');
    this.nesting--;
    return expr;
  }

  private propertyName(): string {
    const t = this.next();
    // Keywords are valid property names after a dot, as in JavaScript (`a.null`).
    if (t.kind !== 'name')
      return abort(`Expected a property name, got ${JSON.stringify(t.text)}`, t.pos);
    if (isForbiddenKey(t.text)) abort(`Property "${t.text}" is not accessible`, t.pos);
    return t.text;
  }

  private primary(): Node {
    const t = this.next();
    if (t.kind === 'number' || t.kind === 'string') {
      return this.make({ type: 'Literal', value: t.value, pos: t.pos });
    }
    if (t.kind === 'name') {
      if (KEYWORDS.has(t.text))
        return this.make({ type: 'Literal', value: KEYWORDS.get(t.text), pos: t.pos });
      if (this.isPunct(this.peek(), '(')) {
        this.index++;
        this.enter(t.pos);
        const args = this.list(')');
        this.nesting--;
        return this.make({ type: 'Call', callee: t.text, args, pos: t.pos });
      }
      if (isForbiddenKey(t.text)) abort(`"${t.text}" is not accessible`, t.pos);
      return this.make({ type: 'Identifier', name: t.text, pos: t.pos });
    }
    if (t.kind === 'punct' && (t.text === '(' || t.text === '[' || t.text === '{')) {
      this.enter(t.pos);
      let node: Node;
      if (t.text === '(') {
        node = this.expression();
        this.expect(')');
        this.grouped.add(node);
      } else if (t.text === '[') {
        node = this.make({ type: 'Array', elements: this.list(']'), pos: t.pos });
      } else {
        node = this.object(t.pos);
      }
      this.nesting--;
      return node;
    }
    return unexpected(t);
  }

  /** Comma-separated expressions up to `close`; a trailing comma is allowed, as in JavaScript. */
  private list(close: string): Node[] {
    const items: Node[] = [];
    while (!this.eat(close)) {
      items.push(this.expression());
      if (this.eat(close)) break;
      this.expect(',');
    }
    return items;
  }

  private object(pos: number): Node {
    const properties: { key: string; value: Node; pos: number }[] = [];
    while (!this.eat('}')) {
      const k = this.next();
      if (k.kind !== 'name' && k.kind !== 'string') unexpected(k);
      const key = k.kind === 'string' ? String(k.value) : k.text;
      // Refused rather than stored as data: a `__proto__` key is a pollution attempt (SECURITY 5).
      if (isForbiddenKey(key)) abort(`Key "${key}" is not allowed in an object`, k.pos);
      this.expect(':');
      properties.push({ key, value: this.expression(), pos: k.pos });
      if (this.eat('}')) break;
      this.expect(',');
    }
    return this.make({ type: 'Object', properties, pos });
  }

  private make<T extends Node>(node: T): T {
    let height = 0;
    for (const child of childrenOf(node)) height = Math.max(height, this.heights.get(child) ?? 0);
    if (height + 1 > LIMITS.maxTreeHeight) abort('Expression is too complex', node.pos);
    this.heights.set(node, height + 1);
    return node;
  }

  private enter(pos: number): void {
    if (++this.nesting > LIMITS.maxNesting) abort('Expression is nested too deeply', pos);
  }

  private peek(): Token {
    // The tokenizer always ends with an eof token, and the parser never moves past it.
    return this.tokens[Math.min(this.index, this.tokens.length - 1)] as Token;
  }

  private next(): Token {
    const t = this.peek();
    if (t.kind !== 'eof') this.index++;
    return t;
  }

  private isPunct(t: Token, text: string): boolean {
    return t.kind === 'punct' && t.text === text;
  }

  private eat(text: string): boolean {
    if (!this.isPunct(this.peek(), text)) return false;
    this.index++;
    return true;
  }

  private expect(text: string): Token {
    const t = this.peek();
    if (!this.isPunct(t, text)) unexpected(t);
    this.index++;
    return t;
  }
}
