/**
 * What the preview's switches choose from: the borrower's language, the device size and the data
 * scenario (components/PreviewPane.tsx). The frame's address carries language and scenario (the
 * server serves a scenario only with the preview token); the size is the frame's own.
 */
export const LANGUAGES = [
  ['en', 'English'],
  ['zh', '中文'],
  ['id', 'Bahasa Indonesia'],
] as const;
export const DEVICES = [
  [320, 640],
  [390, 844],
  [768, 1024],
] as const;

export interface PreviewChoice {
  lang: string;
  device: readonly [number, number];
  scenario: string;
}

/** The preview link with the choice's language and scenario. */
export function previewUrl(base: string, choice: PreviewChoice): string {
  const extra = new URLSearchParams();
  if (choice.lang !== 'en') extra.set('lang', choice.lang);
  if (choice.scenario) extra.set('kopaScenario', choice.scenario);
  const q = extra.toString();
  return q ? `${base}&${q}` : base;
}
