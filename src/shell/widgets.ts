import { createWidgetSource } from '../render/widgetCache';
import { coreWidgets } from '../widgets/core';
import { widgetLoaders } from '../widgets/registry';

/**
 * The app's widgets: the core ones bundled with the entry (src/widgets/core.ts), every other a
 * lazy chunk. The shell injects them into the renderer (Page).
 */
export const widgets = createWidgetSource(widgetLoaders, coreWidgets);
