import { useEffect, useState } from 'react';

type Sanitizer = typeof import('./sanitizeHtml');

/**
 * The HTML sanitiser (DOMPurify, about 10 KB on the wire) is a chunk of its own: rich text given
 * as plain text never loads it, which keeps text-only pages within the first-visit JS budget.
 * The server preloads the chunk for layouts with HTML rich text (server/page/appShell.ts).
 */
let loaded: Sanitizer | null = null;
let loading: Promise<Sanitizer> | null = null;

function loadSanitizer(): Promise<Sanitizer> {
  loading ??= import('./sanitizeHtml').then(
    (m) => (loaded = m),
    (error: unknown) => {
      loading = null; // a later render may try again
      throw error;
    },
  );
  return loading;
}

/** The sanitiser once loaded (null until then, and when not `needed`); a failed load throws, so
 * the widget's error boundary shows its fallback. */
export function useSanitizer(needed: boolean): Sanitizer | null {
  const [state, setState] = useState<{ module: Sanitizer | null; error?: unknown }>({
    module: loaded,
  });
  useEffect(() => {
    if (!needed || state.module) return;
    let live = true;
    loadSanitizer().then(
      (module) => live && setState({ module }),
      (error: unknown) => live && setState({ module: null, error }),
    );
    return () => {
      live = false;
    };
  }, [needed, state.module]);
  if (state.error) throw state.error;
  return needed ? (state.module ?? loaded) : null;
}
