/**
 * The studio's checker, off the main thread: the same check as publishing and `npm run validate`
 * (@kopa/lint's checkLayoutText, with the repository's schemas and fragments bundled in), run on
 * the text the editor sends. Only the newest text waiting is checked (checkerClient.ts holds the
 * rest back), so a burst of keys costs one check.
 */
import { checkLayoutText } from '@kopa/lint/checkText';
import type { CheckRequest, CheckResult } from './protocol';

self.onmessage = (e: MessageEvent<CheckRequest>) => {
  const { id, name, text } = e.data;
  const started = performance.now();
  const issues = checkLayoutText(name, text);
  const answer: CheckResult = { id, issues, ms: performance.now() - started };
  self.postMessage(answer);
};
