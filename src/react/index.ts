// The public entry of @kopa/react (README.md): what other packages may import from it.
export { Page } from './render/Page';
export type { PageStatus } from './render/Page';
export { enablePreviewMarks, selectInPreview } from './render/PreviewSelection';
export {
  acceptServerCheckedNodes,
  describeAjvError,
  loadValidators,
} from './render/nodeValidators';
export { ToastHost } from './render/toast/ToastHost';
export { createToastStore } from './render/toast/toastStore';
export type { ToastStore } from './render/toast/toastStore';
export { createWidgetSource } from './render/widgetCache';
export { coreWidgets } from './widgets/core';
export { widgetLoaders } from './widgets/registry';
