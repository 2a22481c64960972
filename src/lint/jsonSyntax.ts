/**
 * Where a text stops being JSON, and what was expected there. JSON.parse says it in words that
 * differ between Node versions and browsers ("at position 716", a quoted snippet, or nothing),
 * so the studio and `npm run validate` locate the problem themselves, as an offset their callers
 * turn into line:column. Only called on text JSON.parse refused.
 */
export interface JsonSyntaxError {
  offset: number;
  /** "expected ':' after a key, found '['" */
  detail: string;
}

class Stop {
  constructor(
    readonly offset: number,
    readonly detail: string,
  ) {}
}

const shown = (ch: string | undefined) =>
  ch === undefined ? 'the end of the text' : `'${ch === '\n' ? '\\n' : ch}'`;

export function jsonSyntaxError(text: string): JsonSyntaxError | null {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] ?? '')) i++;
  };
  const fail = (wanted: string): never => {
    throw new Stop(i, `expected ${wanted}, found ${shown(text[i])}`);
  };
  const str = () => {
    if (text[i] !== '"') fail('a quoted key');
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\n') fail('the closing quote of this text');
      i += text[i] === '\\' ? 2 : 1;
    }
    if (i >= text.length) fail('the closing quote of this text');
    i++;
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        str();
        ws();
        if (text[i] !== ':') fail("':' after the key");
        i++;
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') return void i++;
        fail("',' or '}'");
      }
    }
    if (ch === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') return void i++;
        fail("',' or ']'");
      }
    }
    if (ch === '"') return str();
    const lit = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
      text.slice(i, i + 400),
    );
    if (lit) return void (i += lit[0].length);
    fail('a value');
  };
  try {
    value();
    ws();
    if (i < text.length) fail('the end of the text');
    return null;
  } catch (e) {
    if (e instanceof Stop) return { offset: e.offset, detail: e.detail };
    throw e;
  }
}

/** The problem of a text JSON.parse refused, at its line:column; `parseMessage` when none is found. */
export function locateJsonError(
  text: string,
  parseMessage: string,
): { line: number; column: number; detail: string } {
  const found = jsonSyntaxError(text) ?? { offset: 0, detail: parseMessage };
  const before = text.slice(0, found.offset).split('\n');
  return {
    line: before.length,
    column: (before[before.length - 1]?.length ?? 0) + 1,
    detail: found.detail,
  };
}
