import type Database from 'better-sqlite3';
import { storeFailure } from './store-failure.ts';

/** One request of a provider batch: the id it carries in the batch, and its request-cache key. */
export interface BatchedRequest {
  customId: string;
  requestKey: string;
}

/** A provider batch as the store keeps it. */
export interface ProviderBatchRecord {
  batchId: string;
  /** The deployment identity the batch was submitted to (`deploymentIdentity`). */
  deployment: string;
  /** The label it was submitted with (e.g. `medhelm <suite> <deployment> #3`). */
  label: string;
  state: 'open' | 'collected';
  /** Epoch milliseconds. */
  submittedAt: number;
}

interface BatchRow {
  batch_id: string;
  deployment: string;
  label: string;
  state: ProviderBatchRecord['state'];
  submitted_at: number;
}

/**
 * The provider batches of `medhelm run --batch` (tables `provider_batches` and
 * `provider_batch_requests`): a batch is recorded with every request it carries in one
 * transaction, committed at once (not group-committed) right after the provider created it, so a
 * run killed while the batch runs finds it again and re-attaches instead of paying twice. A batch
 * stays `open` until its results are in the request cache (`collected`); a cancelled batch too,
 * since what it answered before the cancel is billed and is collected by the next run.
 */
export class ProviderBatches {
  readonly #insertBatch: Database.Statement;
  readonly #insertRequest: Database.Statement;
  readonly #setState: Database.Statement;
  readonly #openOf: Database.Statement;
  readonly #requestsOf: Database.Statement;
  readonly #get: Database.Statement;

  constructor(
    private readonly db: Database.Database,
    private readonly path: string,
  ) {
    this.#insertBatch = db.prepare(
      'INSERT INTO provider_batches (batch_id, deployment, label, state, submitted_at) VALUES (?, ?, ?, ?, ?)',
    );
    this.#insertRequest = db.prepare(
      'INSERT INTO provider_batch_requests (batch_id, custom_id, request_key) VALUES (?, ?, ?)',
    );
    this.#setState = db.prepare('UPDATE provider_batches SET state = ?, ended_at = ? WHERE batch_id = ?');
    this.#openOf = db.prepare(
      "SELECT batch_id, deployment, label, state, submitted_at FROM provider_batches WHERE state = 'open' AND (? IS NULL OR deployment = ?) ORDER BY submitted_at, batch_id",
    );
    this.#requestsOf = db.prepare(
      'SELECT custom_id, request_key FROM provider_batch_requests WHERE batch_id = ? ORDER BY custom_id',
    );
    this.#get = db.prepare(
      'SELECT batch_id, deployment, label, state, submitted_at FROM provider_batches WHERE batch_id = ?',
    );
  }

  /** Records a batch the provider has just created, with its requests, durably before returning. */
  record(batch: Omit<ProviderBatchRecord, 'state'>, requests: readonly BatchedRequest[]): void {
    this.write('record a provider batch', () =>
      this.db
        .transaction(() => {
          this.#insertBatch.run(batch.batchId, batch.deployment, batch.label, 'open', batch.submittedAt);
          for (const request of requests) {
            this.#insertRequest.run(batch.batchId, request.customId, request.requestKey);
          }
        })
        .immediate(),
    );
  }

  /** The batch with this id, if recorded. */
  get(batchId: string): ProviderBatchRecord | undefined {
    const row = this.#get.get(batchId) as BatchRow | undefined;
    return row === undefined ? undefined : toRecord(row);
  }

  /** The open batches (of `deployment`, or of every deployment), oldest first. */
  open(deployment?: string): ProviderBatchRecord[] {
    const key = deployment ?? null;
    return (this.#openOf.all(key, key) as BatchRow[]).map(toRecord);
  }

  /** The requests a batch carries. */
  requestsOf(batchId: string): BatchedRequest[] {
    return (this.#requestsOf.all(batchId) as { custom_id: string; request_key: string }[]).map((row) => ({
      customId: row.custom_id,
      requestKey: row.request_key,
    }));
  }

  /** Marks a batch collected: its results are in the request cache. */
  markCollected(batchId: string): void {
    this.write('update a provider batch', () => this.#setState.run('collected', Date.now(), batchId));
  }

  private write<T>(what: string, action: () => T): T {
    try {
      return action();
    } catch (error) {
      throw storeFailure(error, this.path, what);
    }
  }
}

function toRecord(row: BatchRow): ProviderBatchRecord {
  return {
    batchId: row.batch_id,
    deployment: row.deployment,
    label: row.label,
    state: row.state,
    submittedAt: row.submitted_at,
  };
}
