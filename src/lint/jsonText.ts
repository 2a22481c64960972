/**
 * A small scanner over a layout file's text, for what JSON.parse throws away: where each value
 * sits (line:column for a JSON pointer) and keys written twice in one object (JSON.parse silently
 * keeps the last, so `"disabled"` twice on a button hides the first). Runs only on text that
 * JSON.parse accepted. Iterative with an explicit stack: a 100,000-deep file does not overflow.
 */

export interface Position {
  line: number;
  column: number;
}

export interface DuplicateKey {
  /** Pointer of the member written again (the one JSON.parse keeps). */
  pointer: string;
  key: string;
  at: Position;
  first: Position;
}

export interface JsonTextMap {
  /** Pointer -> position of the member's key (object members) or of the value (array items, root). */
  positions: Map<string, Position>;
  duplicates: DuplicateKey[];
}

interface Frame {
  isObject: boolean;
  keys: Map<string, Position>;
  index: number;
  key: string;
  keyAt: Position;
  /** Null below MAX_RECORDED_DEPTH: positions are kept for the levels a layout may have. */
  pointer: string | null;
}

// Layouts are refused past 64 levels (src/contract/schema/layoutLimits.ts); a little room beyond that.
const MAX_RECORDED_DEPTH = 100;

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** One pass over the text: positions of every value down to MAX_RECORDED_DEPTH, and duplicate keys. */
export function scanJsonText(text: string): JsonTextMap {
  const positions = new Map<string, Position>();
  const duplicates: DuplicateKey[] = [];
  const stack: Frame[] = [];
  let line = 1;
  let lineStart = 0;
  let expectKey = false;
  const at = (i: number): Position => ({ line, column: i - lineStart + 1 });

  const childPointer = (): string | null => {
    const top = stack[stack.length - 1];
    if (!top) return '';
    if (top.pointer === null || stack.length > MAX_RECORDED_DEPTH) return null;
    return `${top.pointer}/${top.isObject ? escape(top.key) : String(top.index)}`;
  };
  const valueStart = (i: number): string | null => {
    const pointer = childPointer();
    const top = stack[stack.length - 1];
    if (pointer !== null && !positions.has(pointer))
      positions.set(pointer, top?.isObject ? top.keyAt : at(i));
    return pointer;
  };

  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') {
      line++;
      lineStart = i + 1;
    } else if (c === ' ' || c === '\t' || c === '\r' || c === ':') {
      continue;
    } else if (c === '"') {
      const start = i;
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (expectKey && top) {
        const key = decode(text.slice(start, i + 1));
        const keyAt = at(start);
        top.key = key;
        top.keyAt = keyAt;
        const first = top.keys.get(key);
        if (first) {
          const pointer = childPointer();
          duplicates.push({ pointer: pointer ?? '', key, at: keyAt, first });
          // JSON.parse keeps the last value: the pointer now names this one.
          if (pointer !== null) positions.delete(pointer);
        } else {
          top.keys.set(key, keyAt);
        }
        expectKey = false;
      } else {
        valueStart(start);
      }
    } else if (c === '{' || c === '[') {
      const pointer = valueStart(i);
      stack.push({
        isObject: c === '{',
        keys: new Map(),
        index: 0,
        key: '',
        keyAt: at(i),
        pointer,
      });
      expectKey = c === '{';
    } else if (c === '}' || c === ']') {
      stack.pop();
      expectKey = false;
    } else if (c === ',') {
      const top = stack[stack.length - 1];
      if (top?.isObject) expectKey = true;
      else if (top) top.index++;
    } else {
      // A number, true, false or null: runs to the next delimiter.
      valueStart(i);
      while (i + 1 < text.length && !' \t\r\n,]}:'.includes(text[i + 1] ?? '')) i++;
    }
  }
  return { positions, duplicates };
}

function decode(quoted: string): string {
  try {
    return String(JSON.parse(quoted));
  } catch {
    return quoted.slice(1, -1);
  }
}

/** The position of a pointer, or of its nearest ancestor the text has (a missing member, '/'). */
export function positionOf(map: JsonTextMap, pointer: string): Position {
  let p = pointer === '/' ? '' : pointer;
  for (;;) {
    const found = map.positions.get(p);
    if (found) return found;
    if (p === '') return { line: 1, column: 1 };
    p = p.slice(0, p.lastIndexOf('/'));
  }
}
