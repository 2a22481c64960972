/**
 * Hard limits of the expression language (SECURITY case 6). Layouts come from a server we do
 * not fully trust, so every loop and every recursion in src/expr is bounded by one of these.
 */
export const LIMITS = Object.freeze({
  /** Characters in one expression (the text between `{{` and `}}`, or an evaluateExpression input). */
  maxExpressionLength: 10_000,
  /** Bindings in one layout string. */
  maxBindingsPerTemplate: 100,
  /** Nesting of brackets, unary operators and ternaries while parsing. */
  maxNesting: 100,
  /** Height of the syntax tree; bounds the evaluator's recursion (`1+1+...` chains are flat in source). */
  maxTreeHeight: 250,
  /** Syntax-tree nodes visited by one evaluation. */
  maxSteps: 100_000,
  /** Length of any string the language produces (concatenation, function result, mixed template). */
  maxStringLength: 1_000_000,
  /** Items a built-in list function will look at. */
  maxListLength: 100_000,
  /** Parsed templates kept in memory. */
  cacheSize: 2_000,
  /** Longer sources are parsed each time rather than cached, so the cache cannot hold megabytes. */
  maxCachedSourceLength: 20_000,
  /** State paths: characters, segments, and the largest array index a path may name. */
  maxStatePathLength: 1_000,
  maxStatePathSegments: 100,
  maxArrayIndex: 100_000,
});
