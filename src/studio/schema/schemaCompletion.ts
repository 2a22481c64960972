/**
 * Completion from the layout schema, anywhere in the JSON: the property names of the node,
 * action or object at the cursor (a button's once its "type" says button, an http action's inside
 * onTap), and the values a property takes (widget and action types, enum values, true/false).
 * Reads the text around the cursor only (cursorContext.ts, schemaWalk.ts): no validation of the
 * document, so a key costs well under a millisecond on the largest layout.
 */
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { cursorContext } from './cursorContext';
import { choicesOf, exampleOf, propertiesAt, type Schema } from './schemaWalk';

const typeName = (s: Schema): string =>
  s.enum ? 'one of a list' : Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'value');

export function schemaCompletion(bundle: Schema) {
  return (ctx: CompletionContext): CompletionResult | null => {
    const text = ctx.state.doc.toString();
    const where = cursorContext(text, ctx.pos);
    const inString = where.from < ctx.pos || text[ctx.pos - 1] === '"';
    if (where.kind === 'none' || (!ctx.explicit && !inString)) return null;
    const closed = text[where.to] === '"';
    if (where.kind === 'key') {
      const taken = new Set(where.keys.filter((k) => k !== where.word));
      const options: Completion[] = propertiesAt(bundle, where.steps)
        .filter((p) => !taken.has(p.name))
        .map((p) => ({
          label: p.name,
          type: 'property',
          detail: `${typeName(p.schema)}${p.required ? ', required' : ''}`,
          info: [p.schema.description, `Example: ${exampleOf(p.name, p.schema)}`]
            .filter(Boolean)
            .join('\n'),
          apply: inString ? (closed ? p.name : `${p.name}": `) : `"${p.name}": `,
        }));
      if (options.length === 0) return null;
      return { from: where.from, to: where.to, options, validFor: /^[\w$-]*$/ };
    }
    if (!where.key) return null;
    const options: Completion[] = choicesOf(bundle, where.steps, where.key)
      .filter((c) => !inString || typeof c.value === 'string')
      .map((c) => ({
        label: inString ? String(c.value) : JSON.stringify(c.value),
        type: where.key === 'type' ? 'type' : 'enum',
        ...(c.info ? { info: c.info } : {}),
      }));
    if (options.length === 0) return null;
    return { from: where.from, to: where.to, options, validFor: /^[\w-]*$/ };
  };
}
