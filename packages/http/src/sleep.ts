import { onAbort } from './on-abort.ts';

/**
 * Waits `ms` milliseconds; resolves early, without an error, when `signal` aborts, so the caller
 * decides what an interrupted wait means.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stopListening();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stopListening = onAbort(signal, done);
  });
}

/** The shape of `sleep`, injectable so tests run on a fake clock. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;
