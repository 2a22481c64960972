/**
 * Page state typed from `layout.state`: the top-level names it declares are the only ones a
 * binding may read (`state.amuont` when the layout has `amount` is a typo that would read
 * nothing) and the only ones an action or widget may write (declare a name, even as null, to
 * write it). Nested fields are not checked: forms fill objects whose keys come from the server.
 */

/** Properties holding a page-state path that is written (setState, countdown, saveAs, bind, ...). */
export const STATE_WRITE_KEYS: Readonly<Record<string, readonly string[]>> = {
  setState: ['path'],
  countdown: ['path'],
  http: ['saveAs'],
  // layout.persist entries (checked as if an action, see semanticIssues).
  persist: ['path'],
  '*': ['bind', 'resultPath', 'collect'],
};

/** The first name of a state path: "form.account" and "items[0].x" -> "form", "items". */
export function stateRoot(path: string): string {
  return /^[A-Za-z_$][\w$]*/.exec(path)?.[0] ?? path;
}

/** The properties of this node or action that write a state path. */
export function writeKeys(obj: Record<string, unknown>, inActions: boolean): string[] {
  const type = typeof obj.type === 'string' ? obj.type : '';
  const own =
    inActions && Object.hasOwn(STATE_WRITE_KEYS, type) ? (STATE_WRITE_KEYS[type] ?? []) : [];
  return [...own, ...(inActions ? [] : (STATE_WRITE_KEYS['*'] ?? []))].filter(
    (k) => typeof obj[k] === 'string',
  );
}
