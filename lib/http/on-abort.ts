/**
 * One abort listener per signal, however many waiters. The engine's closing signal is shared by every
 * attempt on the wire and every backoff or Retry-After sleep: each adding its own listener put more than
 * ten on one AbortSignal as soon as more than ten exchanges waited at once (a burst of deletes retrying
 * at the end of a run), and Node printed `MaxListenersExceededWarning`. Raising the limit would only hide
 * a real leak elsewhere; here the waiters sit in a Set behind a single listener instead.
 */

const waiters = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Calls `fn` once when `signal` aborts (at once, synchronously, when it already has); gives a function
 * that forgets `fn` (call it when the wait ends another way, or the Set grows with every wait).
 */
export function onAbort(signal: AbortSignal, fn: () => void): () => void {
  if (signal.aborted) {
    fn();
    return () => {};
  }
  let set = waiters.get(signal);
  if (set === undefined) {
    const fresh = new Set<() => void>();
    set = fresh;
    waiters.set(signal, fresh);
    signal.addEventListener(
      'abort',
      () => {
        waiters.delete(signal);
        for (const waiter of [...fresh]) waiter();
      },
      { once: true },
    );
  }
  const own = set;
  own.add(fn);
  return () => {
    own.delete(fn);
  };
}

/** Waits `ms`, or less when `signal` aborts; never rejects. */
export function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const forget = onAbort(signal, () => {
      clearTimeout(timer);
      resolve();
    });
    const timer = setTimeout(() => {
      forget();
      resolve();
    }, Math.ceil(ms));
  });
}
