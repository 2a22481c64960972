/**
 * The outline beside the editor, following the text the checker last checked: half-typed JSON
 * keeps the last outline, and an edit that changes no node's line renders nothing.
 */
import { useCallback, useState } from 'react';
import { outlineOf, type OutlineItem } from '../outline';

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function useOutline(initialText: string): [OutlineItem[], (text: string) => void] {
  const [outline, setOutline] = useState(() => outlineOf(parsed(initialText)));
  const follow = useCallback((text: string) => {
    const d = parsed(text);
    if (d === undefined) return;
    const next = outlineOf(d);
    setOutline((now) => (JSON.stringify(now) === JSON.stringify(next) ? now : next));
  }, []);
  return [outline, follow];
}
