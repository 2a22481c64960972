/**
 * The files the layout checker reads at run time (the schemas, the endpoint catalogue, the
 * response schemas and the repository's fragments), put into the checker worker's bundle at build
 * time, keyed by their path from the repository root ("schemas/widgets/button.schema.json").
 */
const schemas = import.meta.glob<string>('../../../schemas/**/*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const fragments = import.meta.glob<string>('../../../layouts/_fragments/*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export const BUNDLED_FILES: ReadonlyMap<string, string> = new Map(
  Object.entries({ ...schemas, ...fragments }).map(([path, text]) => [
    path.replace(/^(\.\.\/)+/, ''),
    text,
  ]),
);
