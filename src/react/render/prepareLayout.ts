import { collectTypes } from '@kopa/contract';
import { loadNodeValidators } from './nodeValidators';
import type { WidgetSource } from './widgetCache';

/**
 * Loads what a layout needs before its Page renders: the node validators and the chunks of the
 * widgets it uses. Without it a node renders as "not loaded" until its chunk arrives.
 */
export async function prepareLayout(layout: unknown, widgets: WidgetSource): Promise<void> {
  await Promise.all([loadNodeValidators(), widgets.preload(collectTypes(layout))]);
}
