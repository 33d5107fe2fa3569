import { onAbort } from './on-abort.ts';
import type { Sleep } from './sleep.ts';

/** A caller waiting for the limiter: its estimated tokens, and how to start its task. */
export interface RateWaiter {
  tokens: number;
  start: () => void;
}

/** What the queue asks of the limiter: when the head may start, and the bookkeeping of a start. */
export interface RateQueueGate {
  /** 0 when `waiter` may start now, Infinity until a running task ends, else milliseconds to wait. */
  blockedFor(waiter: RateWaiter, at: number): number;
  /** Counts `waiter` as started at `at` (a running task, a start in the window). */
  started(waiter: RateWaiter, at: number): void;
  now(): number;
  sleep: Sleep;
}

/** The callers of one limiter in FIFO order, started one by one as the gate allows. */
export interface RateQueue {
  /** Starts the waiters the gate allows now, then sleeps until the head may start (or is woken). */
  pump(): Promise<void>;
  /** Queues `task` for `tokens` and settles with it; `release` is called when it ends. */
  enqueue<T>(tokens: number, task: () => Promise<T>, release: () => void, signal?: AbortSignal): Promise<T>;
  readonly length: number;
}

/** The queue of one limiter; one loop starts waiters in order, and a release, pause or new caller wakes it. */
export function createRateQueue(gate: RateQueueGate): RateQueue {
  const queue: RateWaiter[] = [];
  let pumping = false;
  let wakeUp: AbortController | undefined;

  async function pump(): Promise<void> {
    if (pumping) {
      wakeUp?.abort();
      return;
    }
    pumping = true;
    try {
      while (queue.length > 0) {
        const head = queue[0] as RateWaiter;
        const at = gate.now();
        const wait = gate.blockedFor(head, at);
        if (wait === Number.POSITIVE_INFINITY) return;
        if (wait <= 0) {
          queue.shift();
          gate.started(head, at);
          head.start();
          continue;
        }
        wakeUp = new AbortController();
        await gate.sleep(wait, wakeUp.signal);
        wakeUp = undefined;
      }
    } finally {
      pumping = false;
    }
  }

  function enqueue<T>(
    tokens: number,
    task: () => Promise<T>,
    release: () => void,
    signal?: AbortSignal,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const abortWaiting = () => {
        const index = queue.indexOf(waiter);
        if (index === -1) return;
        queue.splice(index, 1);
        reject(signal?.reason);
        // The head may have left: the next caller may be able to start now.
        void pump();
      };
      const waiter: RateWaiter = {
        tokens: Math.max(0, Number.isFinite(tokens) ? tokens : 0),
        start: () => {
          stopListening();
          startTask(task).then(resolve, reject).finally(release);
        },
      };
      const stopListening = onAbort(signal, abortWaiting);
      queue.push(waiter);
      void pump();
    });
  }

  return {
    pump,
    enqueue,
    get length() {
      return queue.length;
    },
  };
}

// A task that throws instead of returning a rejected promise rejects the same way.
function startTask<T>(task: () => Promise<T>): Promise<T> {
  try {
    return task();
  } catch (error) {
    return Promise.reject(error);
  }
}
