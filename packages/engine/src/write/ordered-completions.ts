import type { CompletedInstance } from '../checkpoint-record.ts';

/** Thrown to the run directory writer when its run stopped before every instance was done. */
export class RunStoppedError extends Error {
  override readonly name = 'MedHelm_RunStopped';
}

/** Options of {@link OrderedCompletions}. */
export interface OrderedCompletionsOptions {
  /**
   * Whether completions arrive roughly in HELM's order (no downsampling), so the run directory can
   * be written while the run executes. Otherwise everything is read back once the run is done.
   */
  live: boolean;
  /** How many contiguous completions may wait for the writer: beyond it, callers wait (back-pressure). */
  capacity: number;
  /**
   * How many completions may wait behind a gap (a slow earlier instance): beyond it they are
   * dropped and read back at the end. Larger than `capacity`: a retry that backs off should not
   * cost a read-back.
   */
  gapCapacity: number;
  /** How many positions the run has (0 … total − 1). */
  total: number;
  /**
   * The completed instances from `fromPosition` on, in HELM's order, read back from the data and
   * the checkpoints once the run is done (the path for downsampled runs, and after an overflow).
   */
  readBack: (fromPosition: number) => AsyncIterable<CompletedInstance>;
}

/**
 * The completed instances of a run in HELM's order (by position), for the run directory writer,
 * while the run is still executing: lanes report each position as it completes (`complete`),
 * in any order, and the writer takes them in order as soon as they are contiguous, so writing and
 * scoring overlap the model calls. Memory stays bounded: when the writer lags, `complete` waits
 * (back-pressure); when completions pile up behind one slow instance (a gap), they are dropped and
 * read back from the checkpoints once the run is done (`readBack`).
 */
export class OrderedCompletions implements AsyncIterable<CompletedInstance> {
  /** Completed positions waiting for the writer; null: failed (nothing to write). */
  private readonly waiting = new Map<number, CompletedInstance | null>();
  /** The next position the writer takes. */
  private next = 0;
  /** The first position from `next` on that has not completed yet. */
  private contiguousEnd = 0;
  private live: boolean;
  private finished = false;
  private failure: Error | undefined;
  private wakeWriter: (() => void) | undefined;
  private readonly wakeLanes: Array<() => void> = [];

  constructor(private readonly options: OrderedCompletionsOptions) {
    this.live = options.live;
  }

  /** Reports a completed position (`item` undefined: failed, nothing to write). */
  async complete(position: number, item: CompletedInstance | undefined): Promise<void> {
    if (!this.live || this.failure !== undefined || position < this.next) return;
    this.waiting.set(position, item ?? null);
    while (this.waiting.has(this.contiguousEnd)) this.contiguousEnd++;
    const ready = this.contiguousEnd - this.next;
    if (this.waiting.size - ready > this.options.gapCapacity) {
      // Too many behind a gap: stop holding them; the rest is read back at the end.
      this.live = false;
      this.waiting.clear();
      this.contiguousEnd = this.next;
      this.releaseLanes();
    }
    this.wakeWriter?.();
    while (
      this.live &&
      this.failure === undefined &&
      this.contiguousEnd - this.next > this.options.capacity
    ) {
      await new Promise<void>((resolve) => this.wakeLanes.push(resolve));
    }
  }

  /** Every instance was executed: the writer finishes (reading back what it was not handed). */
  finish(): void {
    this.finished = true;
    this.wakeWriter?.();
  }

  /** The run stopped: the writer fails with RunStoppedError and its partial output is removed. */
  abort(): void {
    this.failure ??= new RunStoppedError('the run stopped before every instance was done');
    this.waiting.clear();
    this.releaseLanes();
    this.wakeWriter?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<CompletedInstance> {
    for (;;) {
      if (this.failure !== undefined) throw this.failure;
      if (this.live && this.waiting.has(this.next)) {
        const item = this.waiting.get(this.next);
        this.waiting.delete(this.next);
        this.next++;
        if (this.contiguousEnd - this.next <= this.options.capacity) this.releaseLanes();
        if (item !== null && item !== undefined) yield item;
        continue;
      }
      if (this.finished) break;
      await new Promise<void>((resolve) => {
        this.wakeWriter = resolve;
      });
      this.wakeWriter = undefined;
    }
    if (this.failure !== undefined) throw this.failure;
    if (this.next >= this.options.total) return;
    // Whatever was not handed over live (downsampled runs, or after an overflow) is read back.
    for await (const item of this.options.readBack(this.next)) {
      if (this.failure !== undefined) throw this.failure;
      yield item;
    }
  }

  private releaseLanes(): void {
    for (const wake of this.wakeLanes.splice(0)) wake();
  }
}
