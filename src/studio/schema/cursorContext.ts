/**
 * Where the cursor is in a layout's JSON text, read by a forgiving scan (half-typed JSON
 * included): inside a property name or a value, the containers from the root to it (each with
 * the key or index it sits under and its own `"type"`, which picks a widget's or an action's
 * schema) and the keys its object already has. Pure text work: completion and hover read the
 * schema from it (schemaWalk.ts) without parsing or validating the document.
 */
export interface Step {
  /** The key or index this container sits under in its parent (null for the root). */
  seg: string | number | null;
  /** Its own "type" value, when it has one (anywhere in it, before or after the cursor). */
  type?: string;
}

export interface CursorContext {
  kind: 'key' | 'value' | 'none';
  /** Containers from the root to the innermost one around the cursor. */
  steps: Step[];
  /** The property a value belongs to (kind value). */
  key?: string;
  /** The string token under the cursor: its text up to the cursor, and where it starts and ends. */
  prefix: string;
  from: number;
  to: number;
  /** A property name under the cursor in full (for hover). */
  word?: string;
  /** Keys the innermost object has already. */
  keys: string[];
}

interface Frame extends Step {
  kind: 'object' | 'array';
  key: string | null;
  expect: 'key' | 'value';
  index: number;
  keys: string[];
}

/** The end of the string starting at `start` (a quote): past its closing quote, or at the line's end. */
function stringEnd(text: string, start: number): { end: number; closed: boolean } {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (c === '"') return { end: i + 1, closed: true };
    else if (c === '\n') return { end: i, closed: false };
    else i += 1;
  }
  return { end: text.length, closed: false };
}

function decode(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

export function cursorContext(text: string, pos: number): CursorContext {
  const stack: Frame[] = [];
  const out: { found: CursorContext | null } = { found: null };
  const here = (kind: CursorContext['kind'], from: number, to: number, prefix: string) => {
    const top = stack[stack.length - 1];
    out.found = {
      kind,
      steps: [...stack],
      key: kind === 'value' && top?.kind === 'object' ? (top.key ?? undefined) : undefined,
      prefix,
      from,
      to,
      keys: top?.kind === 'object' ? top.keys : [],
    };
  };
  let i = 0;
  while (i < text.length) {
    const top = stack[stack.length - 1];
    const c = text[i] ?? '';
    if (!out.found && i >= pos && /\s|[,}\]:]/.test(c)) {
      const kind = !top ? 'none' : top.kind === 'array' || top.expect === 'value' ? 'value' : 'key';
      here(kind, pos, pos, '');
    }
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    if (c === '"') {
      const { end, closed } = stringEnd(text, i);
      const inner = text.slice(i + 1, closed ? end - 1 : end);
      const isKey = top?.kind === 'object' && top.expect === 'key';
      if (!out.found && pos > i && pos <= (closed ? end - 1 : end)) {
        here(isKey ? 'key' : 'value', i + 1, closed ? end - 1 : end, text.slice(i + 1, pos));
        const ctx = out.found as CursorContext | null;
        if (isKey && ctx) ctx.word = decode(inner);
      }
      if (isKey && top) {
        top.key = decode(inner);
        top.keys.push(top.key);
      } else if (top?.kind === 'object' && top.key === 'type') top.type = decode(inner);
      i = end;
      continue;
    }
    if (c === ':') {
      if (top?.kind === 'object') top.expect = 'value';
    } else if (c === ',') {
      if (top?.kind === 'object') {
        top.expect = 'key';
        top.key = null;
      } else if (top) top.index += 1;
    } else if (c === '{' || c === '[') {
      const seg = !top ? null : top.kind === 'array' ? top.index : top.key;
      stack.push({
        seg,
        kind: c === '{' ? 'object' : 'array',
        key: null,
        expect: 'key',
        index: 0,
        keys: [],
      });
    } else if (c === '}' || c === ']') {
      stack.pop();
      if (out.found && stack.length === 0) break;
    }
    i += 1;
  }
  if (!out.found) here(stack.length === 0 ? 'none' : 'value', pos, pos, '');
  const result = out.found ?? { kind: 'none', steps: [], prefix: '', from: pos, to: pos, keys: [] };
  // The containers were copied by reference: their "type", seen after the cursor too, is filled in.
  result.steps = result.steps.map((f) => ({ seg: f.seg, ...(f.type ? { type: f.type } : {}) }));
  return result;
}
