import { createWidgetSource } from '../render/widgetCache';
import { widgetLoaders } from '../widgets/registry';

/** The app's widgets, one lazy chunk each: the shell injects them into the renderer (Page). */
export const widgets = createWidgetSource(widgetLoaders);
