import { abort } from './errors';

export type TokenKind = 'number' | 'string' | 'name' | 'punct' | 'eof';

export interface Token {
  kind: TokenKind;
  /** Punctuator or name text; for strings and numbers, the raw source text. */
  text: string;
  /** Decoded value of number and string tokens. */
  value?: string | number;
  /** Offset in the caller's source (already shifted by the tokenizer's `offset`). */
  pos: number;
}

// Longest first, so `===` wins over `==` and `?.` over `?`.
const PUNCTUATORS = [
  '===',
  '!==',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '??',
  '?.',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  ':',
  '.',
  '?',
  '!',
  '+',
  '-',
  '*',
  '/',
  '%',
  '<',
  '>',
] as const;

const SIMPLE_ESCAPES: ReadonlyMap<string, string> = new Map([
  ['n', '\n'],
  ['t', '\t'],
  ['r', '\r'],
  ['b', '\b'],
  ['f', '\f'],
  ['v', '\v'],
  ['0', '\0'],
]);

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isNameStart = (c: string | undefined): boolean =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c === '$');
const isNamePart = (c: string | undefined): boolean => isNameStart(c) || isDigit(c);
const isSpace = (c: string | undefined): boolean =>
  c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v' || c === '\u00a0';

/**
 * Splits an expression into tokens. `offset` is where `src` starts inside the layout string, so
 * every position in an error points at the character the author wrote.
 */
export function tokenize(src: string, offset = 0): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (isSpace(c)) {
      i++;
      continue;
    }
    const start = i;
    if (isDigit(c) || (c === '.' && isDigit(src[i + 1]))) {
      i = readNumber(src, i, offset);
      const text = src.slice(start, i);
      tokens.push({ kind: 'number', text, value: Number(text), pos: start + offset });
    } else if (c === '"' || c === "'") {
      const [value, end] = readString(src, i, offset);
      tokens.push({ kind: 'string', text: src.slice(start, end), value, pos: start + offset });
      i = end;
    } else if (isNameStart(c)) {
      while (isNamePart(src[i])) i++;
      tokens.push({ kind: 'name', text: src.slice(start, i), pos: start + offset });
    } else {
      const p = PUNCTUATORS.find((q) => src.startsWith(q, i));
      // `a?.5:1` is a ternary in JavaScript, not optional chaining.
      const text = p === '?.' && isDigit(src[i + 2]) ? '?' : p;
      // `a = 1` is nearly always `a == 1` mistyped: there is no assignment, so say what to write.
      if (text === undefined && c === '=')
        abort('Unexpected "=" (there is no assignment): write == to compare', start + offset);
      if (text === undefined) abort(`Unexpected character ${JSON.stringify(c)}`, start + offset);
      tokens.push({ kind: 'punct', text, pos: start + offset });
      i += text.length;
    }
  }
  tokens.push({ kind: 'eof', text: 'end of expression', pos: src.length + offset });
  return tokens;
}

function readNumber(src: string, start: number, offset: number): number {
  let i = start;
  while (isDigit(src[i])) i++;
  if (src[i] === '.') {
    i++;
    while (isDigit(src[i])) i++;
  }
  if (src[i] === 'e' || src[i] === 'E') {
    let j = i + 1;
    if (src[j] === '+' || src[j] === '-') j++;
    if (!isDigit(src[j])) abort('Invalid number', start + offset);
    while (isDigit(src[j])) j++;
    i = j;
  }
  // `3in` or `0x10`: refuse rather than guess what the author meant.
  if (isNamePart(src[i])) abort('Invalid number', start + offset);
  return i;
}

function readString(src: string, start: number, offset: number): [string, number] {
  const quote = src[start];
  let out = '';
  let i = start + 1;
  while (i < src.length) {
    const c = src[i];
    if (c === quote) return [out, i + 1];
    if (c !== '\\') {
      out += c;
      i++;
      continue;
    }
    const e = src[i + 1];
    if (e === undefined) break;
    const simple = SIMPLE_ESCAPES.get(e);
    if (simple !== undefined) {
      out += simple;
      i += 2;
    } else if (e === 'u' || e === 'x') {
      const [code, end] = readCodeEscape(src, i, offset);
      out += String.fromCodePoint(code);
      i = end;
    } else {
      // As in JavaScript, an unknown escape stands for the character itself (\' \" \\ \{ ...).
      out += e;
      i += 2;
    }
  }
  return abort('Unterminated string', start + offset);
}

/** `\xHH`, `\uHHHH` and `\u{H...}` starting at the backslash; returns the code point and end. */
function readCodeEscape(src: string, at: number, offset: number): [number, number] {
  const hex = /^[0-9a-fA-F]+$/;
  let digits: string;
  let end: number;
  if (src[at + 1] === 'x') {
    digits = src.slice(at + 2, at + 4);
    end = at + 4;
    if (digits.length !== 2) digits = '';
  } else if (src[at + 2] === '{') {
    const close = src.indexOf('}', at + 3);
    digits = close < 0 || close - at > 12 ? '' : src.slice(at + 3, close);
    end = close + 1;
  } else {
    digits = src.slice(at + 2, at + 6);
    end = at + 6;
    if (digits.length !== 4) digits = '';
  }
  const code = hex.test(digits) ? parseInt(digits, 16) : NaN;
  if (!(code <= 0x10ffff)) abort('Invalid escape sequence', at + offset);
  return [code, end];
}
