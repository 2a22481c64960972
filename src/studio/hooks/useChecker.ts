/** The checker worker for one layout while its workspace is open (checker/checkerClient.ts). */
import { useEffect, useRef } from 'react';
import type { Issue } from '../api';
import { startChecker, type Checker } from '../checker/checkerClient';

export function useChecker(name: string, onResult: (issues: Issue[], text: string) => void) {
  const checker = useRef<Checker | null>(null);
  const latest = useRef(onResult);
  latest.current = onResult;
  useEffect(() => {
    const c = startChecker(name, (issues, text) => latest.current(issues, text));
    checker.current = c;
    return () => c.stop();
  }, [name]);
  return checker;
}
