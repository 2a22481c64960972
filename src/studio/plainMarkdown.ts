/** Stands in for codemirror-json-schema's markdown renderer (scripts/build/studio.ts): schema descriptions as escaped text. */
export function renderMarkdown(markdown: string): string {
  return markdown.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
