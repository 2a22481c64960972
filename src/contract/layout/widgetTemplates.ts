/**
 * The bindings some widgets write themselves, beside the layout's: a server form renders each item
 * it fetched as an input reading the local `formItem`, and code-copy hands its code to the copy
 * action as the local `code` (never the value itself as text, which would be read as a binding).
 * The server's compiler (src/lint/compile/compileLayout.ts) compiles these with every layout that
 * uses the widget, since the borrower's app parses nothing itself. The widgets keep their own
 * literals (importing these would put a chunk of its own on a first visit's path);
 * tests/contract/widgetTemplates.test.ts holds the two together.
 */
export const WIDGET_TEMPLATES = {
  'code-copy': { code: '{{ code }}', successMessage: '{{ successMessage }}' },
  'server-form': {
    code: '{{ formItem.code }}',
    title: '{{ formItem.title }}',
    placeholder: '{{ formItem.placeholder }}',
    rules: '{{ formItem.rules }}',
    options: '{{ formItem.options }}',
  },
} as const satisfies Record<string, Record<string, string>>;

/** The widget-written bindings of the widget types a layout uses. */
export function widgetTemplatesOf(types: Iterable<string>): string[] {
  const out: string[] = [];
  for (const type of types)
    if (Object.hasOwn(WIDGET_TEMPLATES, type))
      out.push(...Object.values(WIDGET_TEMPLATES[type as keyof typeof WIDGET_TEMPLATES]));
  return out;
}
