/** A subscription's own entry, so one function subscribed twice is two subscriptions. */
interface Subscription {
  readonly listener: () => void;
}

interface SignalSubscribers {
  readonly subscriptions: Set<Subscription>;
  /** The one 'abort' listener on the signal, which calls every subscription. */
  readonly dispatch: () => void;
}

const bySignal = new WeakMap<AbortSignal, SignalSubscribers>();

/**
 * Calls `listener` once when `signal` aborts, until the returned function is called; like
 * `addEventListener('abort', listener, { once: true })` with its `removeEventListener`, and like it,
 * never for a signal that has already aborted (callers check `signal.aborted` first).
 *
 * Why not addEventListener: one invocation's signal is shared by every model call it makes, and a
 * call listens to it while it waits for the rate limiter, for a retry and for its HTTP response.
 * With more than ten of those at once (a jury run: three judges per instance behind one limiter),
 * one listener per call passes Node's limit of ten per EventTarget and prints
 * MaxListenersExceededWarning. So each signal gets a single listener that calls the subscribed
 * listeners, removed again when the last one unsubscribes.
 */
export function onAbort(signal: AbortSignal | undefined, listener: () => void): () => void {
  if (signal === undefined) return () => {};
  let subscribers = bySignal.get(signal);
  if (subscribers === undefined) {
    const subscriptions = new Set<Subscription>();
    const dispatch = () => {
      bySignal.delete(signal);
      const pending = [...subscriptions];
      subscriptions.clear();
      for (const subscription of pending) subscription.listener();
    };
    subscribers = { subscriptions, dispatch };
    bySignal.set(signal, subscribers);
    signal.addEventListener('abort', dispatch, { once: true });
  }
  const { subscriptions, dispatch } = subscribers;
  const subscription: Subscription = { listener };
  subscriptions.add(subscription);
  return () => {
    if (!subscriptions.delete(subscription) || subscriptions.size > 0) return;
    // The last one left: no listener stays on a long-lived signal.
    signal.removeEventListener('abort', dispatch);
    if (bySignal.get(signal)?.dispatch === dispatch) bySignal.delete(signal);
  };
}
