/**
 * Layout fragments (docs/layouts.md, "Fragments"): a block several layouts share (the site
 * footer, a dialog, a set of data sources) lives once in `layouts/_fragments/<name>.json` and is
 * used by name wherever a node, an action, a dialog, a data source or a whole value may stand:
 *
 *   { "use": "site-footer" }
 *   { "use": "retention-dialog", "with": { "closeLabel": "Cancel" } }
 *
 * A fragment file is `{ "params"?: { name: { "description"?, "type"?, "default"? } }, "fragment": value }`;
 * a param's `type` (PARAM_TYPES) is what the value given for it must be (checked by the layout
 * type checker, src/lint/types/, at the place the value lands: Expansion.paramAt).
 * inside `fragment`, `{ "$param": "name" }` stands for the value the use site passes in `with`
 * (or the declared default). A fragment that is a list used as an element of a list is spliced
 * into it (a node list among nodes, an action list among actions).
 *
 * ONE pure function does the expansion, shared by the server (before it serves a layout), the
 * validator and the tests: no React, no Node APIs, nothing of ours imported (its messages join the
 * catalogue of src/lint/messages.ts from here, as the limits' do). It also returns
 * where each expanded value came from, so an error inside a fragment is reported with the use
 * site in the layout and the pointer INTO the fragment file.
 */

import { Expander, SKIP } from './fragmentExpander';
import type { Expansion, FragmentFiles } from './fragmentTypes';

export { FRAGMENT_MESSAGES, PARAM_TYPES } from './fragmentTypes';
export type { Expansion, FragmentFiles, ParamSite, ParamType } from './fragmentTypes';

/**
 * Expands every use in `doc`. Never throws on bad input: each problem is an issue and the use
 * is left out (an element of a list) or becomes null (any other place), so the validator can
 * still check the rest of the layout in the same run.
 */
export function expandFragments(doc: unknown, files: FragmentFiles): Expansion {
  const expander = new Expander(files);
  const result = expander.copy(doc, { fragment: null, pointer: '', useSite: null }, '', null, 0);
  const expanded = result.splice ?? (result.value === SKIP ? null : result.value);
  const { issues, used, regions, paramSites } = expander;
  return {
    doc: expanded,
    issues,
    used,
    paramAt: (pointer) => paramSites.get(pointer),
    origin(pointer) {
      let p = pointer === '/' ? '' : pointer;
      for (;;) {
        const found = regions.get(p);
        if (found) return { ...found, pointer: found.pointer + pointer.slice(p.length) };
        if (p === '') return { fragment: null, pointer, useSite: null };
        p = p.slice(0, p.lastIndexOf('/'));
      }
    },
  };
}
