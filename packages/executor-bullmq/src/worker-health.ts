/** What a worker is doing, as its log says it. */
export type WorkerState = 'waiting' | 'working' | 'redis-unreachable' | 'stopping' | 'stopped';

/**
 * A worker's health line: one log line per change of state (waiting for batches, working,
 * Redis unreachable, stopping, stopped), never one per retry, so a log shows when a worker
 * stopped being useful and why without a line every few seconds.
 */
export class WorkerHealth {
  #state: WorkerState | undefined;

  constructor(private readonly log: (message: string) => void) {}

  get state(): WorkerState | undefined {
    return this.#state;
  }

  /** Moves to `state`, logging `detail` when that is a change. */
  set(state: WorkerState, detail: string): void {
    if (state === this.#state) return;
    this.#state = state;
    this.log(`worker ${state}: ${detail}`);
  }
}
