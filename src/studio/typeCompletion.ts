/**
 * Completion of a node's or an action's `"type"` value from the layout schema:
 * codemirror-json-schema completes property names, but cannot pick a value out of the node
 * schema's 27-way `oneOf`. Inside an action list (`on*`, an if's then/else) the action types are
 * offered, elsewhere the widget types, each with its schema's description.
 */
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';

interface SchemaFile {
  description?: string;
  properties?: { type?: { const?: unknown } };
}

function typesUnder(bundle: unknown, folder: string): Completion[] {
  const defs = (bundle as { definitions?: Record<string, SchemaFile> } | null)?.definitions ?? {};
  return Object.entries(defs)
    .filter(([file]) => file.startsWith(folder))
    .map(([, s]) => ({ name: s.properties?.type?.const, info: s.description }))
    .filter((t): t is { name: string; info: string | undefined } => typeof t.name === 'string')
    .map((t) => ({ label: t.name, type: 'type', info: t.info }));
}

const ACTION_LISTS = /^(on[A-Z]\w*|then|else)$/;

export function typeValueCompletion(bundle: unknown) {
  const widgets = typesUnder(bundle, 'widgets/');
  const actions = typesUnder(bundle, 'actions/');
  return (ctx: CompletionContext): CompletionResult | null => {
    const node = syntaxTree(ctx.state).resolveInner(ctx.pos, -1);
    if (node.name !== 'String' || node.parent?.name !== 'Property') return null;
    const key = node.parent.getChild('PropertyName');
    if (!key || ctx.state.sliceDoc(key.from, key.to) !== '"type"' || key.to >= node.from)
      return null;
    let inActions = false;
    for (let p = node.parent.parent; p; p = p.parent) {
      if (p.name !== 'Property') continue;
      const name = p.getChild('PropertyName');
      if (name && ACTION_LISTS.test(ctx.state.sliceDoc(name.from + 1, name.to - 1))) {
        inActions = true;
        break;
      }
    }
    const quoted = ctx.state.sliceDoc(node.from, ctx.pos);
    return {
      from: node.from + 1,
      to:
        node.to -
        (ctx.state.sliceDoc(node.to - 1, node.to) === '"' && node.to > node.from + 1 ? 1 : 0),
      options: inActions ? actions : widgets,
      validFor: quoted.length > 0 ? /^[\w-]*$/ : undefined,
    };
  };
}
