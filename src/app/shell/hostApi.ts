/**
 * The one host -> page entry: `window.KopaHost.back()`, called by the native app when the user
 * presses its back button or swipes back (src/app/bridge/README.md, "Host to page"). The page on
 * screen handles it with its layout's onBack actions and back() returns true; with no handler it
 * returns false and the host goes back (or closes the web view) itself.
 */
type Handler = () => void;

const handlers: Handler[] = [];

/** Subscribes the page on screen; the latest subscriber wins until it unsubscribes. */
export function onHostBack(handler: Handler): () => void {
  handlers.push(handler);
  return () => {
    const at = handlers.lastIndexOf(handler);
    if (at >= 0) handlers.splice(at, 1);
  };
}

export interface KopaHostApi {
  back(): boolean;
}

export function hostBack(): boolean {
  const handler = handlers[handlers.length - 1];
  if (!handler) return false;
  try {
    handler();
  } catch {
    // The host must never see an exception from the page; the runtime reports its own errors.
  }
  return true;
}

export function installHostApi(target: object): void {
  const api: KopaHostApi = Object.freeze({ back: hostBack });
  Object.defineProperty(target, 'KopaHost', {
    value: api,
    configurable: true,
    enumerable: false,
    writable: false,
  });
}
