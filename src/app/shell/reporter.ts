export interface Report {
  pointer: string;
  message: string;
  kind: string;
  layout?: string;
}

declare global {
  interface Window {
    /** Problems reported on this page load; end-to-end tests read it. */
    __kopaReports?: Report[];
  }
}

const seen = new Set<string>();

/** Reports each distinct problem once: to the console and to window.__kopaReports. */
export function report(problem: Report): void {
  const key = `${problem.layout ?? ''}|${problem.kind}|${problem.pointer}|${problem.message}`;
  if (seen.has(key)) return;
  seen.add(key);
  (window.__kopaReports ??= []).push(problem);
  console.warn(`[kopa] ${problem.kind} at ${problem.pointer || '/'}: ${problem.message}`);
}
