/**
 * The outline of a screen beside its JSON: the widget tree under `body`, one line per
 * node (type, id, a little of its text), each named by the JSON pointer the renderer gives it.
 * Action lists (`on*`) hold actions, not widgets, and are left out.
 */
export interface OutlineItem {
  pointer: string;
  depth: number;
  type: string;
  label: string;
}

const isNode = (v: unknown): v is Record<string, unknown> & { type: string } =>
  v !== null &&
  typeof v === 'object' &&
  !Array.isArray(v) &&
  typeof (v as { type?: unknown }).type === 'string';

/** Keys whose values are never child widgets. */
const NOT_CHILDREN = new Set([
  'style',
  'params',
  'query',
  'with',
  'validate',
  'rules',
  'options',
  'dataSources',
  'state',
  'computed',
]);

function labelOf(node: Record<string, unknown>): string {
  const words = ['text', 'title', 'label', 'name']
    .map((k) => node[k])
    .find((v): v is string => typeof v === 'string');
  const id = typeof node.id === 'string' ? ` #${node.id}` : '';
  const text = words ? ` "${words.length > 32 ? `${words.slice(0, 31)}…` : words}"` : '';
  return `${node.type}${id}${text}`;
}

export function outlineOf(doc: unknown): OutlineItem[] {
  const out: OutlineItem[] = [];
  const visit = (
    node: Record<string, unknown> & { type: string },
    pointer: string,
    depth: number,
  ) => {
    out.push({ pointer, depth, type: node.type, label: labelOf(node) });
    for (const [key, value] of Object.entries(node)) {
      if (/^on[A-Z]/.test(key) || NOT_CHILDREN.has(key)) continue;
      if (Array.isArray(value))
        value.forEach((child, i) => {
          if (isNode(child)) visit(child, `${pointer}/${key}/${i}`, depth + 1);
        });
      else if (isNode(value)) visit(value, `${pointer}/${key}`, depth + 1);
    }
  };
  const body = (doc as { body?: unknown } | null)?.body;
  if (Array.isArray(body))
    body.forEach((n, i) => {
      if (isNode(n)) visit(n, `/body/${i}`, 0);
    });
  return out;
}
