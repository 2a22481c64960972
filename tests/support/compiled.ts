/**
 * Layouts as the server serves them to the app: compiled by the server's own compiler
 * (src/lint/compile/compileLayout.ts), as JSON text, or wrapped around a layout given as text
 * (values too deep for JSON.stringify).
 */
import { compileLayout } from '../../src/lint/compile/compileLayout';
import { LAYOUT_SCHEMA_VERSION } from '../../src/contract/schema/generated/validators/layoutSchemaVersion';

export function compiledText(doc: unknown, name = 'customer-service'): string {
  return JSON.stringify(compileLayout(doc, { name, version: 1, checked: LAYOUT_SCHEMA_VERSION }));
}

/** A compiled layout around `layoutText` (no bindings in it), for layouts that stringify cannot make. */
export function compiledAround(layoutText: string, name = 'customer-service'): string {
  return `{"format":2,"name":"${name}","version":1,"checked":"${LAYOUT_SCHEMA_VERSION}","layout":${layoutText},"templates":{},"dataSources":[],"widgets":["container","text"],"types":{},"labels":{}}`;
}
