/**
 * The one check a layout text passes before it can be published (studio, import, rollback): the
 * checker's own (src/lint/checkText.ts), which the studio also runs in its Web Worker while an
 * operator types, so the two never disagree.
 */
export { checkLayoutText, type LocatedIssue } from '@kopa/lint';
