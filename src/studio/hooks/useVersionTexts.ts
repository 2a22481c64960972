/** A layout's version texts for the diff, each fetched once while the workspace is open. */
import { useCallback, useMemo } from 'react';
import { call } from '../api';

export function useVersionTexts(name: string): (version: number) => Promise<string> {
  const texts = useMemo(() => new Map<number, Promise<string>>(), []);
  return useCallback(
    (v: number) => {
      let t = texts.get(v);
      if (!t) {
        t = call<{ content: string }>(
          'GET',
          `/layouts/${encodeURIComponent(name)}/versions/${v}`,
        ).then((r) => r.content);
        texts.set(v, t);
      }
      return t;
    },
    [name, texts],
  );
}
