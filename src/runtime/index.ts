// The public entry of @kopa/runtime (README.md): what other packages may import from it.
export { pageFieldSet } from './actions/fieldRegistry';
export type { FieldEntry } from './actions/fieldRegistry';
export { runActions, withLocals } from './actions/run';
export type { ActionOutcome } from './actions/types';
export type { CallError, LocalStore, RuntimeEnv, UrlLabels, UrlSite } from './env';
export { exprFunctions } from './exprFunctions';
export { sourcesOf } from './page/dataSources';
export { createPageController } from './page/pageController';
export type { LayoutLoad, PageController, PageState } from './page/pageController';
export type { LocalScope, PageRuntime } from './pageRuntime';
export type { PageSnapshot, PageStore } from './pageStore';
export { isStatic, isTruthy, resolveValue, toDisplayText } from './resolve';
export type { ResolveProblem } from './resolve';
export { buildScope, sharedScope } from './scope';
export { isSessionExpired, messageForPeople } from './sessionExpiry';
export { readsStore } from './storeReads';
