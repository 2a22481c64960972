import { collectTypes } from '@kopa/contract';
import { installSourceParser } from '@kopa/expr';
import { loadNodeValidators } from './nodeValidators';
import type { WidgetSource } from './widgetCache';

/**
 * Loads what a layout given as source needs before its Page renders: the node validators, the
 * expression parser (its bindings are parsed here, not compiled by Kopa's server) and the chunks
 * of the widgets it uses. Without it a node renders as "not loaded" until its chunk arrives. The
 * borrower's app never calls it: its layouts come compiled (src/app/shell/loadLayout.ts).
 */
export async function prepareLayout(layout: unknown, widgets: WidgetSource): Promise<void> {
  installSourceParser();
  await Promise.all([loadNodeValidators(), widgets.preload(collectTypes(layout))]);
}
