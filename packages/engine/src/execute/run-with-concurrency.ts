/**
 * Runs `worker` over a stream of items with at most `concurrency` in flight, pulling items only
 * as slots free up (so the stream is never read ahead). Stops taking new items once `signal`
 * aborts; items already running finish. `onNoMoreItems` is called once no further item will be
 * taken (the stream ended, the run stopped or a worker failed) while the last ones may still run:
 * the moment a next run may start using the freed slots. The first worker error is rethrown
 * after in-flight work settles.
 */
export async function runWithConcurrency<T>(
  items: AsyncIterable<T>,
  concurrency: number,
  worker: (item: T) => Promise<void>,
  signal?: AbortSignal,
  onNoMoreItems?: () => void,
): Promise<void> {
  const iterator = items[Symbol.asyncIterator]();
  let failure: { error: unknown } | undefined;
  let exhausted = false;
  let announced = false;
  const noMoreItems = () => {
    if (announced) return;
    announced = true;
    onNoMoreItems?.();
  };

  async function lane(): Promise<void> {
    while (!exhausted && failure === undefined && !signal?.aborted) {
      let next: IteratorResult<T>;
      try {
        next = await iterator.next();
      } catch (error) {
        // Stopped meanwhile: a stream that honours the signal ends by throwing; that is no failure.
        if (signal?.aborted) break;
        // The stream failed (a bad data row): the items in flight still finish before it is rethrown.
        failure ??= { error };
        exhausted = true;
        break;
      }
      if (next.done) {
        exhausted = true;
        break;
      }
      try {
        await worker(next.value);
      } catch (error) {
        failure ??= { error };
      }
    }
    noMoreItems();
  }

  try {
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, () => lane()));
  } finally {
    noMoreItems();
  }
  if (!exhausted) await iterator.return?.();
  if (failure !== undefined) throw failure.error;
}
