// The public entry of @kopa/contract (README.md): what other packages may import from it.
export { clientPath, findEndpoint, parseCatalogue, substituteProvider } from './catalogue';
export type { Catalogue, EndpointSpec, SuccessCode } from './catalogue';
export type { EndpointKey, RequestOf, ResponseOf } from './generated/endpoints';
export { orderComputed } from './layout/computedOrder';
export type { ComputedDefs } from './layout/computedOrder';
export { FRAGMENT_MESSAGES, PARAM_TYPES, expandFragments } from './layout/fragments';
export type { Expansion, FragmentFiles, ParamSite, ParamType } from './layout/fragments';
export type {
  ApiResult,
  ApiServerFailure,
  ApiTransportFailure,
  TransportFailureKind,
} from './result';
export type {
  Action,
  CompiledLayout,
  DataSource,
  LayoutDocument,
  LayoutNode,
} from './schema/generated/types';
export { COMPILED_FORMAT, isCompiledLayout } from './servedPage/compiled';
export { WIDGET_TEMPLATES, widgetTemplatesOf } from './layout/widgetTemplates';
export { LAYOUT_SCHEMA_VERSION } from './schema/generated/validators/layoutSchemaVersion';
export { responseValidators } from './schema/generated/validators/responses';
export type { RequiredTree } from './schema/generated/validators/responses';
export { LAYOUT_CHECKED_HEADER, isCheckedForThisBuild } from './schema/layoutChecked';
export type { LayoutIssue } from './schema/layoutIssue';
export { LIMIT_MESSAGES, MAX_LAYOUT_DEPTH, checkLayoutLimits } from './schema/layoutLimits';
export { escapePointer } from './schema/pointer';
export {
  FRAME_ATTRIBUTE,
  LAYOUT_ATTRIBUTE,
  PAGE_BLOCK,
  blockElement,
  dataBlock,
  takeBlockText,
} from './servedPage/blocks';
export { plannedRequests } from './servedPage/earlyPlan';
export type { EarlyPlan, PlannedParam, PlannedRequest } from './servedPage/earlyPlan';
export { readPageQuery, searchOf } from './servedPage/query';
export { isStatic, resolveWith } from './servedPage/resolveWith';
export type { ResolveProblem } from './servedPage/resolveWith';
export type { SimulatedAnswer } from './servedPage/simulatedAnswer';
export { orderView, tileView } from './views';
export { collectTypes, hasHtmlRichText } from './schema/collectTypes';
export { pageMatcher } from './servedPage/pagePath';
