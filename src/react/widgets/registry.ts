import type { WidgetLoaders, WidgetModule, WidgetType } from '../render/widgetTypes';
import { coreWidgets } from './core';

/**
 * A core widget is in the entry (./core.ts): its "load" is the module at hand. Imported only
 * statically, never also with import(), which would make the bundler split the entry.
 */
function bundled<T extends WidgetType>(type: T): Promise<WidgetModule<T>> {
  return Promise.resolve({ default: coreWidgets[type] } as unknown as WidgetModule<T>);
}

/**
 * Every widget type of schemas/node.schema.json: the core ones bundled, every other loaded as
 * its own chunk (form widgets as one, vite.config.ts). The mapped type
 * makes a schema type without a widget (or a widget without a schema) a compile error.
 */
export const widgetLoaders: WidgetLoaders = {
  text: () => bundled('text'),
  container: () => bundled('container'),
  button: () => bundled('button'),
  dialog: () => bundled('dialog'),
  'page-header': () => bundled('page-header'),
  image: () => bundled('image'),
  row: () => bundled('row'),
  repeat: () => import('./repeat/Repeat'),
  'cell-list': () => import('./cell-list/CellList'),
  input: () => import('./input/Input'),
  checkbox: () => import('./checkbox/Checkbox'),
  'tab-switch': () => import('./tab-switch/TabSwitch'),
  'enum-picker': () => import('./enum-picker/EnumPicker'),
  divider: () => import('./divider/Divider'),
  'star-rating': () => import('./star-rating/StarRating'),
  'code-copy': () => import('./code-copy/CodeCopy'),
  'qr-view': () => import('./qr-view/QrView'),
  'countdown-button': () => import('./countdown-button/CountdownButton'),
  'pull-refresh': () => import('./pull-refresh/PullRefresh'),
  'rich-text': () => import('./rich-text/RichText'),
  textarea: () => import('./textarea/Textarea'),
  'image-upload': () => import('./image-upload/ImageUpload'),
  spinner: () => import('./spinner/Spinner'),
  'empty-state': () => import('./empty-state/EmptyState'),
  carousel: () => import('./carousel/Carousel'),
  'web-frame': () => import('./web-frame/WebFrame'),
  'server-form': () => import('./server-form/ServerForm'),
};
