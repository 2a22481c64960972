// The public entry of @kopa/lint (README.md): what other packages may import from it.
export { positionOf, scanJsonText } from './jsonText';
export { LAYOUT_MESSAGES } from './messages';
export { validateLayoutSafely } from './validateLayout';
export { locateJsonError } from './jsonSyntax';
export { inOperatorTerms, operatorLine } from './operatorWords';
export type { OperatorIssue } from './operatorWords';
export { effectDiff, layoutEffects, type Effects } from './effects/effects';
export { runLint } from './cli';
export { compileLayout } from './compile/compileLayout';
export type { CompileOptions } from './compile/compileLayout';
export { checkLayoutText, type LocatedIssue } from './checkText';
