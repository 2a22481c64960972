/**
 * The page's second, small entry. The page carries it inline as a classic script in
 * its head (server/page/appShell.ts), after the early plan, so it runs as soon as the parser
 * reaches it: the first screen's data requests leave seconds before the app's entry has arrived
 * on Slow 3G, and on a warm open (the page from the service worker) before the app has started.
 * The API client takes their answers (src/app/http/earlyRequests.ts). It imports nothing of React or
 * of the runtime, and is built on its own (scripts/build/earlyScript.ts): it shares no chunk with
 * the entry, so the entry waits for no extra file (each costs the main thread several ms on a
 * slow phone).
 */
import app from '../../../config/app.json';
import wireNames from '../../../config/wire-names.json';
import { createRequestBuilder } from '../http/buildRequest';
import { pageEarlyRequests } from '../http/earlyRequests';
import { plannedRequests } from '@kopa/contract';
import { readSession } from '../http/borrowerSession';
import { createWireTranslator } from '../http/wireNames';
import { blockElement, PAGE_BLOCK } from '@kopa/contract';

function readPlan(): unknown {
  try {
    return JSON.parse(blockElement(document, PAGE_BLOCK.early)?.textContent ?? 'null') as unknown;
  } catch {
    return null;
  }
}

// An old hash link (#/path) is moved to another screen by boot.ts: its requests are that screen's.
if (!window.location.hash.startsWith('#/')) {
  const builder = createRequestBuilder(app, createWireTranslator(wireNames));
  const session = readSession(window.location.search, {
    defaultMerchantNumber: app.defaultMerchantNumber,
  });
  for (const r of plannedRequests(readPlan(), window.location.search)) {
    pageEarlyRequests().send(
      builder.build(r.spec, r.params, { query: r.query }, session),
      (url, init) => window.fetch(url, init),
    );
  }
}
