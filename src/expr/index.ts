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
export type { TemplateReads } from './reads';
export {
  adoptParsedTemplates,
  hasBindings,
  evaluateTemplate,
  evaluateParsed,
  forgetTemplates,
  parsedTemplate,
  setSourceParser,
  toText,
} from './template';
// Parsing from source (the tokenizer and parser): never reached from the borrower's app.
export { parseTemplate, evaluateExpression, installSourceParser } from './templateSource';
export { analyzeTemplate } from './analyze';
export { templateReads } from './reads';
export { parseStatePath, getAtPath, setAtPathDraft } from './paths';
export { baseFunctions, baseFunctionNames } from './functions';
export { LIMITS } from './limits';
export { sameValue } from './equality';
export { childrenOf } from './ast';
export { isForbiddenKey } from './safeAccess';
