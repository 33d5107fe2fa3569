import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ScoringError } from '@medhelm/core';
import type { LexicalBatchReply } from './lexical-metrics-messages.ts';
import { type LexicalWorkerModule, resolveLexicalWorkerModule } from './lexical-metrics-worker-module.ts';
import type { LexicalPair, LexicalScores } from './lexical-scores.ts';

/** How many worker threads a LexicalMetricsPool runs and how many pairs it sends each at a time. */
export interface LexicalMetricsPoolOptions {
  /** Worker threads; by default one per core (`os.availableParallelism()`). */
  threads?: number;
  /** Pairs per message to a worker; by default 32 (large enough that messaging costs little). */
  batchSize?: number;
}

const DEFAULT_BATCH_SIZE = 32;

interface Batch {
  id: number;
  pairs: readonly LexicalPair[];
  resolve: (scores: LexicalScores[]) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  thread: Worker;
  batch: Batch | undefined;
}

/**
 * Scores ROUGE-1/2/L and BLEU-1/4 of many pairs in worker threads, one per core by default, so
 * CPU-heavy scoring uses every core and leaves the event loop free. Each value is the one
 * `scoreLexicalPair` returns in the calling thread: the workers run that same function.
 * Idle workers do not keep the process alive; `close()` stops them.
 */
export class LexicalMetricsPool {
  readonly threads: number;
  readonly #batchSize: number;
  readonly #module: LexicalWorkerModule;
  readonly #workers: PoolWorker[] = [];
  readonly #queue: Batch[] = [];
  #nextId = 1;
  #closed = false;

  constructor(options: LexicalMetricsPoolOptions = {}) {
    this.threads = Math.max(1, Math.floor(options.threads ?? availableParallelism()));
    this.#batchSize = Math.max(1, Math.floor(options.batchSize ?? DEFAULT_BATCH_SIZE));
    this.#module = resolveLexicalWorkerModule();
  }

  /** Every pair's scores, in the order given. Rejects with ScoringError where HELM raises (a pair without references). */
  async score(pairs: readonly LexicalPair[]): Promise<LexicalScores[]> {
    if (this.#closed) throw new Error('LexicalMetricsPool is closed');
    const batches: Array<Promise<LexicalScores[]>> = [];
    for (let start = 0; start < pairs.length; start += this.#batchSize) {
      const slice = pairs.slice(start, start + this.#batchSize);
      batches.push(
        new Promise((resolve, reject) =>
          this.#enqueue({ id: this.#nextId++, pairs: slice, resolve, reject }),
        ),
      );
    }
    return (await Promise.all(batches)).flat();
  }

  /** Stops every worker; batches not yet scored are rejected. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const batch of this.#queue.splice(0)) batch.reject(new Error('LexicalMetricsPool closed'));
    await Promise.all(this.#workers.splice(0).map((worker) => worker.thread.terminate()));
  }

  #enqueue(batch: Batch): void {
    this.#queue.push(batch);
    this.#dispatch();
  }

  /** Hands queued batches to idle workers, starting workers up to `threads`. */
  #dispatch(): void {
    while (this.#queue.length > 0) {
      let worker = this.#workers.find((candidate) => candidate.batch === undefined);
      if (worker === undefined && this.#workers.length < this.threads) worker = this.#startWorker();
      if (worker === undefined) return;
      const batch = this.#queue.shift() as Batch;
      worker.batch = batch;
      worker.thread.ref();
      worker.thread.postMessage({ id: batch.id, pairs: batch.pairs });
    }
  }

  #startWorker(): PoolWorker {
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
      if ('scores' in reply) batch.resolve(reply.scores);
      else batch.reject(reply.scoringError ? new ScoringError(reply.error) : new Error(reply.error));
    }
    this.#dispatch();
  }

  /** A worker that crashed or exited: its batch fails, and a fresh worker takes the queue. */
  #onFailure(worker: PoolWorker, error: Error): void {
    const index = this.#workers.indexOf(worker);
    if (index < 0) return;
    this.#workers.splice(index, 1);
    worker.batch?.reject(error);
    worker.batch = undefined;
    if (!this.#closed) this.#dispatch();
  }
}
