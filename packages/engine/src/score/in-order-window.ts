/**
 * Keeps up to `size` pieces of work in flight and hands their values to `take` in the order they
 * were pushed, so work that finishes off the event loop (scoring in worker threads) overlaps while
 * what consumes it (aggregation, per-instance stats) sees the same order as one at a time.
 */
export class InOrderWindow<T> {
  readonly #pending: Array<Promise<T>> = [];

  constructor(
    private readonly size: number,
    private readonly take: (value: T) => Promise<void> | void,
  ) {}

  /** Adds work; once `size` are in flight, waits for the oldest and hands it on. */
  async push(work: Promise<T>): Promise<void> {
    // Observed at once, so work that fails while an older one is awaited is never unhandled.
    work.catch(() => {});
    this.#pending.push(work);
    if (this.#pending.length >= this.size) await this.#takeOldest();
  }

  /** Hands on everything still in flight, oldest first. */
  async drain(): Promise<void> {
    while (this.#pending.length > 0) await this.#takeOldest();
  }

  async #takeOldest(): Promise<void> {
    const oldest = this.#pending.shift() as Promise<T>;
    await this.take(await oldest);
  }
}
