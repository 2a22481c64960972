import type { LayoutIssue } from './layoutIssue';

/**
 * Full (strict) validation of a layout document: JSON Schema, then the semantic rules.
 * TEMPORARY STUB: replaced by the real implementation (foundation work in progress).
 */
export function validateLayoutDocument(_doc: unknown, _file: string): LayoutIssue[] {
  return [];
}
