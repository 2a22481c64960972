/**
 * SECURITY 14: a double click, ten fast taps or Enter plus click must send exactly one request.
 * Buttons wrap their action in `singleFlight(key, fn)`: while a call for `key` is pending, every
 * further trigger gets the same promise instead of starting another request.
 */

export type SingleFlight = <T>(key: string, fn: () => Promise<T>) => Promise<T>;

export interface SingleFlightGroup {
  run: SingleFlight;
  /** Is a call for `key` pending? (Buttons show themselves disabled meanwhile.) */
  isPending(key: string): boolean;
}

export function createSingleFlight(): SingleFlightGroup {
  const inFlight = new Map<string, Promise<unknown>>();
  const run: SingleFlight = <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const pending = inFlight.get(key);
    if (pending) return pending as Promise<T>;
    let started: Promise<T>;
    try {
      started = fn();
    } catch (error) {
      // A synchronous throw behaves like a rejection, so callers have one error path.
      started = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    // Settled (either way) -> the next tap may start a new request, e.g. a retry after a failure.
    const shared = started.finally(() => {
      if (inFlight.get(key) === shared) inFlight.delete(key);
    });
    inFlight.set(key, shared);
    return shared;
  };
  return { run, isPending: (key) => inFlight.has(key) };
}

const defaultGroup = createSingleFlight();

/** The app-wide group. */
export const singleFlight: SingleFlight = defaultGroup.run;
