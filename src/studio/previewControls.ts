/**
 * The preview's switches: the borrower's language, the device size and the data
 * scenario, so an operator sees the states borrowers will see before publishing. The frame's
 * address carries language and scenario (the server serves a scenario only with the preview
 * token); the size is the frame's own.
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

function select(
  label: string,
  options: ReadonlyArray<readonly [string, string]>,
  value: string,
  onChange: (v: string) => void,
): HTMLLabelElement {
  const el = document.createElement('select');
  el.setAttribute('aria-label', label);
  for (const [v, text] of options) {
    const o = document.createElement('option');
    o.value = v;
    o.textContent = text;
    el.append(o);
  }
  el.value = value;
  el.addEventListener('change', () => onChange(el.value));
  const wrap = document.createElement('label');
  wrap.append(`${label} `, el);
  return wrap;
}

/** The switches; `onChange` gets the whole choice after any of them changes. */
export function previewControls(
  scenarios: Array<{ name: string; label: string }>,
  choice: PreviewChoice,
  onChange: (c: PreviewChoice) => void,
): HTMLElement {
  let current = choice;
  const set = (next: Partial<PreviewChoice>) => onChange((current = { ...current, ...next }));
  const box = document.createElement('div');
  box.className = 's-switches';
  box.append(
    select('Language', LANGUAGES, choice.lang, (lang) => set({ lang })),
    select(
      'Device',
      DEVICES.map(([w, h]) => [`${w}x${h}`, `${w} x ${h}`] as const),
      `${choice.device[0]}x${choice.device[1]}`,
      (v) => {
        const device = DEVICES.find(([w, h]) => `${w}x${h}` === v) ?? DEVICES[1];
        set({ device });
      },
    ),
    select(
      'Data',
      [['', 'Demo data'], ...scenarios.map((s) => [s.name, s.label] as const)],
      choice.scenario,
      (scenario) => set({ scenario }),
    ),
  );
  return box;
}

/** The preview link with the choice's language and scenario. */
export function previewUrl(base: string, choice: PreviewChoice): string {
  const extra = new URLSearchParams();
  if (choice.lang !== 'en') extra.set('lang', choice.lang);
  if (choice.scenario) extra.set('kopaScenario', choice.scenario);
  const q = extra.toString();
  return q ? `${base}&${q}` : base;
}
