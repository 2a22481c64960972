// The public entry of @kopa/react (README.md): what other packages, and apps using the packed
// renderer, may import from it.
export { Page } from './render/Page';
export type { PageStatus } from './render/Page';
export { enablePreviewMarks, selectInPreview } from './render/PreviewSelection';
export {
  acceptServerCheckedNodes,
  describeAjvError,
  loadNodeValidators,
} from './render/nodeValidators';
export { ToastHost } from './render/toast/ToastHost';
export { createToastStore } from './render/toast/toastStore';
export type { ToastStore } from './render/toast/toastStore';
export { createWidgetSource } from './render/widgetCache';
export type { WidgetSource } from './render/widgetCache';
export { defineWidget } from './render/customWidget';
export type { CustomNode, CustomWidget, CustomWidgets } from './render/customWidget';
export { prepareLayout } from './render/prepareLayout';
export type { WidgetProps } from './render/widgetTypes';
export { useText, useValue } from './render/useBinding';
export { useActionRunner } from './render/useAction';
export { coreWidgets } from './widgets/core';
export { widgetLoaders } from './widgets/registry';
// What a host needs to run a page beside the renderer: its lifecycle and the env it injects.
export { createPageController } from '@kopa/runtime';
export type { PageController, RuntimeEnv } from '@kopa/runtime';
export type { LayoutDocument } from '@kopa/contract';
