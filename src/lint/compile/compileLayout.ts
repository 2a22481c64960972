/**
 * A layout compiled for the borrower's app (schemas/compiled-layout.schema.json): the server makes
 * it once per published version (and per draft preview) from the version's layout with its
 * fragments expanded, so the phone parses no expression, expands no fragment and validates no
 * layout: it takes the trees in and renders. The checker's types and information-flow labels come
 * with it: the app's URL check reads the labels as a second wall. The same function serves the tests that render every
 * layout both compiled and from source.
 */
import { hasBindings, parseTemplate, type Template } from '@kopa/expr';
import {
  collectTypes,
  COMPILED_FORMAT,
  widgetTemplatesOf,
  type CompiledLayout,
} from '@kopa/contract';
import { typeNames } from '../typeNames';
import { foldConstants } from './fold';
import { checkerFacts } from './checkerFacts';

export interface CompileOptions {
  name: string;
  /** The published version (0 for a draft preview). */
  version: number;
  /** The schema version the layout passed the strict check with; absent when it did not. */
  checked?: string;
  /** The strict check's first problem, when it failed. */
  invalid?: { pointer: string; message: string };
}

type Obj = Record<string, unknown>;

function compiledTemplate(source: string): Template | null {
  const parsed = parseTemplate(source);
  if (!parsed.ok) return null;
  const t = parsed.template;
  const folded: Template = {
    ...t,
    parts: t.parts.map((p) => (p.kind === 'binding' ? { ...p, ast: foldConstants(p.ast) } : p)),
  };
  return survivesJson(folded) ? folded : null;
}

/**
 * Whether the app reads the tree back from JSON as it is here. A property that is undefined (an
 * `undefined` literal's value) is dropped by JSON and reads back as undefined: the same. A number
 * JSON cannot write (a folded 1 / 0, -0) would read back as another value: such a tree is left to
 * the error path.
 */
function survivesJson(tree: unknown): boolean {
  let safe = true;
  JSON.stringify(tree, (_key, value: unknown) => {
    if (typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0)))
      safe = false;
    return value;
  });
  return safe;
}

/**
 * Every layout string with a binding, and those its widgets write themselves (WIDGET_TEMPLATES),
 * parsed and folded. An explicit stack: no recursion.
 */
function templatesOf(doc: unknown): Record<string, Template> {
  const out: Record<string, Template> = {};
  const stack: unknown[] = [doc, widgetTemplatesOf(collectTypes(doc))];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (!hasBindings(value) || Object.hasOwn(out, value)) continue;
      const t = compiledTemplate(value);
      if (t) out[value] = t;
    } else if (Array.isArray(value)) stack.push(...(value as unknown[]));
    else if (value !== null && typeof value === 'object') stack.push(...Object.values(value));
  }
  return out;
}

/** The sources that load with the page (not the manual ones), in layout order. */
function startupSources(doc: Obj): string[] {
  const sources = doc.dataSources;
  if (sources === null || typeof sources !== 'object') return [];
  return Object.entries(sources as Obj)
    .filter(([, s]) => s !== null && typeof s === 'object' && (s as Obj).load !== 'manual')
    .map(([name]) => name);
}

/** The widget types of what the page shows first: everything but the dialogs. */
function firstScreenWidgets(doc: Obj): string[] {
  const known = new Set(typeNames().widgets);
  const types = new Set<string>();
  for (const [key, value] of Object.entries(doc)) if (key !== 'dialogs') collectTypes(value, types);
  return [...types].filter((t) => known.has(t)).sort();
}

export function compileLayout(doc: unknown, opts: CompileOptions): CompiledLayout {
  const layout = (doc !== null && typeof doc === 'object' && !Array.isArray(doc) ? doc : {}) as Obj;
  return {
    format: COMPILED_FORMAT,
    name: opts.name,
    version: opts.version,
    ...(opts.checked !== undefined ? { checked: opts.checked } : {}),
    ...(opts.invalid !== undefined ? { invalid: opts.invalid } : {}),
    layout,
    // Only strings with bindings are kept, so no template here is a literal one.
    templates: templatesOf(layout) as CompiledLayout['templates'],
    dataSources: startupSources(layout),
    widgets: firstScreenWidgets(layout),
    ...checkerFacts(layout),
  };
}
