// The public entry of @kopa/expr (README.md): what other packages may import from it.
/**
 * Kopa's expression language: `{{ expr }}` bindings in layout strings, parsed to a tree and
 * evaluated by walking it (no eval, no new Function). See docs/expressions.md.
 */
export type { EvalResult } from './errors';
export type { ExprFunctions } from './evaluate';
export type { Node } from './ast';
export type { Template } from './template';
export type { PathSegment } from './paths';
export {
  adoptParsedTemplates,
  parseTemplate,
  hasBindings,
  evaluateTemplate,
  evaluateParsed,
  evaluateExpression,
  toText,
} from './template';
export { analyzeTemplate } from './analyze';
export { parseStatePath, getAtPath, setAtPathDraft } from './paths';
export { baseFunctions, baseFunctionNames } from './functions';
export { LIMITS } from './limits';
export { sameValue } from './equality';
export { childrenOf } from './ast';
export { isForbiddenKey } from './safeAccess';
