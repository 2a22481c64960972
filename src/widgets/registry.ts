import type { WidgetLoaders } from '../render/widgetTypes';

/**
 * Every widget type of schemas/node.schema.json, each loaded as its own chunk. The mapped type
 * makes a schema type without a widget (or a widget without a schema) a compile error.
 */
export const widgetLoaders: WidgetLoaders = {
  text: () => import('./text/Text'),
  container: () => import('./container/Container'),
  button: () => import('./button/Button'),
  dialog: () => import('./dialog/Dialog'),
  'page-header': () => import('./page-header/PageHeader'),
  image: () => import('./image/Image'),
  row: () => import('./row/Row'),
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
