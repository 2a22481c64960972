/** Escapes text for HTML element content: `&`, `<` and `>` become entities. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Stands in for codemirror-json-schema's markdown module (aliased in scripts/build/studio.ts),
 * which the library imports by this name and puts into innerHTML: schema descriptions and
 * errors are shown as escaped text, not rendered as markdown.
 */
export { escapeHtml as renderMarkdown };
