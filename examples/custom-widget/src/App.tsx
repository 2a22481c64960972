import {
  coreWidgets,
  createPageController,
  createWidgetSource,
  Page,
  prepareLayout,
  widgetLoaders,
  type LayoutDocument,
} from '@kopa/react';
import { createEnv } from './env';
import { promoBadge } from './PromoBadge';
import layoutJson from './layout.json';

/** The built-in widgets, and this app's own by node type. */
export const widgets = createWidgetSource(widgetLoaders, coreWidgets, {
  'promo-badge': promoBadge,
});

// The layout names a widget type the built-in schema does not know: the renderer checks that
// node with promoBadge.check instead.
const layout = layoutJson as unknown as LayoutDocument;

/** Loads the validators and the layout's widget chunks, then makes the page's controller. */
export async function createPromoPage() {
  await prepareLayout(layout, widgets);
  return createPageController({
    env: createEnv(),
    load: async (_signal, onParsed) => {
      onParsed(layout);
      return { ok: true, layout, widgets: Promise.resolve(null) };
    },
  });
}

export function App({ controller }: { controller: Awaited<ReturnType<typeof createPromoPage>> }) {
  return <Page controller={controller} widgets={widgets} status={() => <p>Loading…</p>} />;
}
