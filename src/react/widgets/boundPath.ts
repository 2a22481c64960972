import { useEffect } from 'react';
import { usePageRuntime } from '../render/contexts';
import { useText } from '../render/useBinding';

// Keys come from API data (a bank form item's code): plain names, no quotes or brackets, bounded.
const SAFE_KEY = /^[A-Za-z0-9_$-]{1,64}$/;

/**
 * The state path a field writes: `bind`, or `bind["<key>"]` when the node has a bindKey (a
 * binding such as {{ item.code }}), so that form items fetched from the server each get their
 * own slot. A key that is empty or not a plain name yields no path (the field reads and writes
 * nothing) and is reported; useStatePath's parser still refuses prototype keys.
 */
export function useBoundPath(
  bind: string,
  bindKey: string | undefined,
  pointer: string,
): string | undefined {
  const { env } = usePageRuntime();
  const key = useText(bindKey, `${pointer}/bindKey`);
  const bad = bindKey !== undefined && !SAFE_KEY.test(key);
  useEffect(() => {
    if (bad)
      env.report({
        pointer: `${pointer}/bindKey`,
        message: `bindKey ${JSON.stringify(key.slice(0, 80))} is not a plain name`,
        kind: 'state-path',
      });
  }, [bad, key, pointer, env]);
  if (bindKey === undefined) return bind;
  return bad ? undefined : `${bind}["${key}"]`;
}
