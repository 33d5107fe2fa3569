import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ScoringError } from '@medhelm/core';
import type {
  LexicalBatchReply,
  LexicalTask,
  LexicalTaskResult,
  LexicalTaskValue,
} from './lexical-metrics-messages.ts';
import type { LexicalMetrics } from './lexical-metrics-service.ts';
import { type LexicalWorkerModule, resolveLexicalWorkerModule } from './lexical-metrics-worker-module.ts';
import type { LexicalPair, LexicalScores } from './lexical-scores.ts';
import type { RougeScores } from './rouge.ts';

/** How many worker threads a LexicalMetricsPool runs and how many tasks it sends each at a time. */
export interface LexicalMetricsPoolOptions {
  /** Worker threads; by default one per core (`os.availableParallelism()`). */
  threads?: number;
  /** The most tasks per message to a worker; by default 32 (large enough that messaging costs little). */
  batchSize?: number;
}

const DEFAULT_BATCH_SIZE = 32;

interface QueuedTask {
  task: LexicalTask;
  resolve: (value: LexicalTaskValue) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  thread: Worker;
  batch: { id: number; tasks: QueuedTask[] } | undefined;
}

/**
 * Scores ROUGE-1/2/L and BLEU-1/4 in worker threads, one per core by default, so CPU-heavy scoring
 * uses every core and leaves the event loop free. Each value is the one the calling thread would
 * compute: the workers run the same functions (`runLexicalTask`). Tasks wait in one queue; a free
 * worker takes up to `batchSize` of them, so calls one pair at a time are sent at once while
 * workers are idle and gathered into batches while they are busy. No thread starts before the
 * first task; idle workers do not keep the process alive; `close()` stops them.
 */
export class LexicalMetricsPool implements LexicalMetrics {
  readonly threads: number;
  readonly #batchSize: number;
  #module: LexicalWorkerModule | undefined;
  readonly #workers: PoolWorker[] = [];
  readonly #queue: QueuedTask[] = [];
  #nextId = 1;
  #closed = false;

  constructor(options: LexicalMetricsPoolOptions = {}) {
    this.threads = Math.max(1, Math.floor(options.threads ?? availableParallelism()));
    this.#batchSize = Math.max(1, Math.floor(options.batchSize ?? DEFAULT_BATCH_SIZE));
  }

  /** Every pair's scores, in the order given. Rejects with ScoringError where HELM raises (a pair without references). */
  score(pairs: readonly LexicalPair[]): Promise<LexicalScores[]> {
    return this.#submit(pairs.map((pair) => ({ kind: 'lexical', pair }))) as Promise<LexicalScores[]>;
  }

  /** SummarizationMetric's ROUGE-1/2/L (`summarizationRouge`); rejects with ScoringError without references. */
  async summarizationRouge(prediction: string, references: readonly string[]): Promise<RougeScores> {
    const [scores] = await this.#submit([{ kind: 'summarization-rouge', prediction, references }]);
    return scores as RougeScores;
  }

  /** Stops every worker; tasks not yet done are rejected. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const queued of this.#queue.splice(0)) queued.reject(new Error('LexicalMetricsPool closed'));
    await Promise.all(this.#workers.splice(0).map((worker) => worker.thread.terminate()));
  }

  /** Queues the tasks, then hands them out once, so a large call fills whole batches. */
  #submit(tasks: readonly LexicalTask[]): Promise<LexicalTaskValue[]> {
    if (this.#closed) return Promise.reject(new Error('LexicalMetricsPool is closed'));
    const values = tasks.map(
      (task) =>
        new Promise<LexicalTaskValue>((resolve, reject) => this.#queue.push({ task, resolve, reject })),
    );
    this.#dispatch();
    return Promise.all(values);
  }

  /** Hands queued tasks to idle workers, up to `batchSize` each, starting workers up to `threads`. */
  #dispatch(): void {
    while (this.#queue.length > 0) {
      const worker = this.#idleWorker();
      if (worker === undefined) return;
      const batch = { id: this.#nextId++, tasks: this.#queue.splice(0, this.#batchSize) };
      worker.batch = batch;
      worker.thread.ref();
      worker.thread.postMessage({ id: batch.id, tasks: batch.tasks.map((queued) => queued.task) });
    }
  }

  /** A worker with nothing to do, started if fewer than `threads` run; undefined when all are busy. */
  #idleWorker(): PoolWorker | undefined {
    const idle = this.#workers.find((candidate) => candidate.batch === undefined);
    if (idle !== undefined || this.#workers.length >= this.threads) return idle;
    try {
      return this.#startWorker();
    } catch (error) {
      // No worker module (an unbuilt package): every waiting task fails with the reason.
      const reason = error instanceof Error ? error : new Error(String(error));
      for (const queued of this.#queue.splice(0)) queued.reject(reason);
      return undefined;
    }
  }

  #startWorker(): PoolWorker {
    this.#module ??= resolveLexicalWorkerModule();
    const worker: PoolWorker = {
      thread: new Worker(this.#module.specifier, this.#module.options),
      batch: undefined,
    };
    worker.thread.unref();
    worker.thread.on('message', (reply: LexicalBatchReply) => this.#onReply(worker, reply));
    worker.thread.on('error', (error) => this.#onFailure(worker, error));
    worker.thread.on('exit', (code) =>
      this.#onFailure(worker, new Error(`lexical-metrics worker exited (code ${code})`)),
    );
    this.#workers.push(worker);
    return worker;
  }

  #onReply(worker: PoolWorker, reply: LexicalBatchReply): void {
    const batch = worker.batch;
    worker.batch = undefined;
    worker.thread.unref();
    if (batch !== undefined && batch.id === reply.id) {
      for (const [index, queued] of batch.tasks.entries()) settle(queued, reply.results[index]);
    }
    this.#dispatch();
  }

  /** A worker that crashed or exited: its batch fails, and a fresh worker takes the queue. */
  #onFailure(worker: PoolWorker, error: Error): void {
    const index = this.#workers.indexOf(worker);
    if (index < 0) return;
    this.#workers.splice(index, 1);
    for (const queued of worker.batch?.tasks ?? []) queued.reject(error);
    worker.batch = undefined;
    if (!this.#closed) this.#dispatch();
  }
}

/** Resolves a task with its value, or rejects it with its error (a ScoringError again where it was one). */
function settle(queued: QueuedTask, result: LexicalTaskResult | undefined): void {
  if (result === undefined) queued.reject(new Error('lexical-metrics worker sent no result for a task'));
  else if ('value' in result) queued.resolve(result.value);
  else queued.reject(result.scoringError ? new ScoringError(result.error) : new Error(result.error));
}
