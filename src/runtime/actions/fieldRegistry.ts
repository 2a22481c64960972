/**
 * The fields of a page that carry input rules, for the validate action. Each input-like widget
 * registers itself while it is on screen (src/react/render/fields.ts), so a hidden or unrendered
 * field is never checked. Kept here, beside the action, so that actions need nothing new from
 * the renderer (render imports actions, never the reverse for new code).
 */

export interface FieldEntry {
  /** The node's id, as a validate action names it. */
  id: string | undefined;
  pointer: string;
  /** The first failing rule's message for the value in the page state now, or null. */
  check(): string | null;
  /** The widget's root element: page order, and membership of a form (an ancestor's data-node-id). */
  element(): Element | null;
  /** Shows (or clears, with null) the message under the field. */
  showError(message: string | null): void;
  /** Moves focus to the field's control. */
  focus(): void;
}

/** Per page runtime (the key): the fields on screen now. */
const registries = new WeakMap<object, Set<FieldEntry>>();

export function pageFieldSet(page: object): Set<FieldEntry> {
  let set = registries.get(page);
  if (!set) {
    set = new Set();
    registries.set(page, set);
  }
  return set;
}

/** Page order: by position in the document, falling back to the JSON pointer. */
function byPageOrder(a: FieldEntry, b: FieldEntry): number {
  const ea = a.element();
  const eb = b.element();
  if (ea && eb && ea !== eb) return ea.compareDocumentPosition(eb) & 4 /* FOLLOWING */ ? -1 : 1;
  return a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0;
}

function insideNode(el: Element | null, id: string): boolean {
  for (let cur = el; cur; cur = cur.parentElement) {
    if (cur.getAttribute('data-node-id') === id) return true;
  }
  return false;
}

/**
 * The fields a validate action checks: the named ids first (in the order named), then those
 * inside the form node, in page order; each once.
 */
export function fieldsToCheck(
  page: object,
  ids: readonly string[] | undefined,
  form: string | undefined,
): FieldEntry[] {
  const all = [...pageFieldSet(page)].sort(byPageOrder);
  const out: FieldEntry[] = [];
  for (const id of ids ?? []) for (const f of all) if (f.id === id && !out.includes(f)) out.push(f);
  if (form !== undefined)
    for (const f of all) if (insideNode(f.element(), form) && !out.includes(f)) out.push(f);
  return out;
}
