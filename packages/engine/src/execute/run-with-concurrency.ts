/**
 * Runs `worker` over a stream of items with at most `concurrency` in flight, pulling items only
 * as slots free up (so the stream is never read ahead). Stops taking new items once `signal`
 * aborts; items already running finish. The first worker error is rethrown after in-flight work
 * settles.
 */
export async function runWithConcurrency<T>(
  items: AsyncIterable<T>,
  concurrency: number,
  worker: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const iterator = items[Symbol.asyncIterator]();
  let failure: { error: unknown } | undefined;
  let exhausted = false;

  async function lane(): Promise<void> {
    while (!exhausted && failure === undefined && !signal?.aborted) {
      const next = await iterator.next();
      if (next.done) {
        exhausted = true;
        return;
      }
      try {
        await worker(next.value);
      } catch (error) {
        failure ??= { error };
      }
    }
  }

  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, () => lane()));
  if (!exhausted) await iterator.return?.();
  if (failure !== undefined) throw failure.error;
}
