import { createWidgetSource } from '@kopa/react';
import { coreWidgets } from '@kopa/react';
import { widgetLoaders } from '@kopa/react';

/**
 * The app's widgets: the core ones bundled with the entry (src/react/widgets/core.ts), every other a
 * lazy chunk. The shell injects them into the renderer (Page).
 */
export const widgets = createWidgetSource(widgetLoaders, coreWidgets);
