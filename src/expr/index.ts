/**
 * Kopa's expression language: `{{ expr }}` bindings in layout strings, parsed to a tree and
 * evaluated by walking it (no eval, no new Function). See docs/expressions.md.
 */
export type { ExprError, EvalResult } from './errors';
export type { ExprFunction, ExprFunctions, Scope } from './evaluate';
export type { Node } from './ast';
export type { Template, TemplatePart, TemplateParse } from './template';
export type { TemplateAnalysis } from './analyze';
export type { PathSegment, StatePathResult } from './paths';
export { adoptParsedTemplates, parseTemplate, hasBindings, evaluateTemplate, evaluateParsed, evaluateExpression, toText } from './template';
export { analyzeTemplate } from './analyze';
export { parseStatePath, getAtPath, setAtPathDraft } from './paths';
export { baseFunctions, baseFunctionNames } from './functions';
export { LIMITS } from './limits';
export { sameValue } from './equality';
