/**
 * Screen contracts (config/screen-contracts.json): the calls a screen's borrowers must always be
 * able to make, owned by the product, not by the layout. For a layout that renders a screen
 * under contract, each call must be made by a request that can run (reach.ts): one that exists,
 * sits in a node that can be shown (not in a dialog nothing opens, not under a `visible` that no
 * answer the response schemas allow makes true) and is not disabled whenever shown. Node roles
 * (`role: primary-action`) are documentation: the rule reads what actions do.
 */
import routes from '../../../config/routes.json';
import contracts from '../../../config/screen-contracts.json';
import type { LayoutIssue } from '@kopa/contract';
import type { FormulaContext } from '../conditions';
import { LAYOUT_MESSAGES } from '../messages';
import type { ApiCatalogue } from '../responseSchemas';
import { layoutScope } from '../types/layoutTypes';
import { typeFolder } from './fold';
import { requestSites } from './reach';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

export interface ScreenContract {
  /** Page key of config/routes.json. */
  screen: string;
  path: string;
  calls: readonly string[];
  why: string;
}

const pages: Readonly<Record<string, { path: string; layout: string }>> = routes.pages;
const screens: Readonly<Record<string, { calls: string[]; why: string }>> = contracts.screens;

/** The contracts of the screens layout `name` renders (none for a layout no screen renders). */
export function contractsOf(name: string): ScreenContract[] {
  return Object.entries(screens).flatMap(([screen, c]) => {
    const page = pages[screen];
    return page && page.layout === name ? [{ screen, path: page.path, ...c }] : [];
  });
}

/** Every contract, for the checks of the config itself. */
export function allContracts(): { screen: string; page: unknown; calls: readonly string[] }[] {
  return Object.entries(screens).map(([screen, c]) => ({
    screen,
    page: pages[screen],
    calls: c.calls,
  }));
}

/** The layout name a file stands for: its base name (layouts/repay.json -> repay). */
export const layoutNameOf = (file: string): string =>
  file.replace(/^.*\//, '').replace(/\.json$/, '');

/** The conditions context of a layout, with its schema types folded in. */
export function formulaContext(doc: Obj, catalogue: ApiCatalogue): FormulaContext {
  const scope = layoutScope(doc, catalogue);
  return {
    computed: isObj(doc.computed) ? doc.computed : {},
    fold: typeFolder({ root: (n) => scope.page.get(n) }),
  };
}

/** The screen-contract issues of one (expanded) layout checked as `file`. */
export function contractIssues(doc: Obj, file: string, catalogue: ApiCatalogue): LayoutIssue[] {
  // The file's name decides on the publish gate (where id must equal it); a fixture's id says
  // which screen it stands for. Both apply: a layout cannot shed its screen by either.
  const names = new Set([layoutNameOf(file), typeof doc.id === 'string' ? doc.id : '']);
  const wanted = [...names].flatMap(contractsOf);
  if (wanted.length === 0) return [];
  const sites = requestSites(doc, formulaContext(doc, catalogue));
  const issues: LayoutIssue[] = [];
  for (const contract of wanted) {
    for (const call of contract.calls) {
      const making = sites.filter((s) => s.endpoint === call);
      if (making.some((s) => s.blocked === null)) continue;
      const reasons = making.map((s) => `${s.pointer}: ${s.blocked ?? ''}`);
      issues.push({
        file,
        pointer: making[0]?.pointer ?? '',
        code: 'screen-contract',
        message: LAYOUT_MESSAGES['screen-contract'](
          contract.path,
          call,
          contract.why,
          reasons.length > 0
            ? `no request to it can run (${reasons.join('; ')})`
            : 'no action of the layout calls it',
        ),
        severity: 'error',
      });
    }
  }
  return issues;
}
