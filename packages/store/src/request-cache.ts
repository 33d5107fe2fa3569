import { type GenerationResult, generationResultSchema } from '@medhelm/core';
import type Database from 'better-sqlite3';
import type { GroupCommit } from './group-commit.ts';
import { StoreError } from './store-error.ts';
import { storeFailure } from './store-failure.ts';

/**
 * What the engine needs from a request cache. {@link RequestCache} is the SQLite one;
 * `createDisabledRequestCache()` is the one for `--no-cache`.
 */
export interface RequestCacheLike {
  /** The cached result for a key from `requestCacheKey`, or `undefined` on a miss. */
  get(key: string): GenerationResult | undefined;
  /**
   * Stores (or replaces) the result for a key. `get` sees it at once; the returned promise settles
   * when it is durable (committed with its group, see GroupCommit).
   */
  put(key: string, entry: RequestCacheEntry): Promise<void>;
  /** Number of cached results. */
  size(): number;
}

/**
 * One cached result. There is no field for credentials: provider and model ids are stored so a
 * user can inspect or prune the cache per model, the result is what the model returned.
 */
export interface RequestCacheEntry {
  providerId: string;
  modelId: string;
  result: GenerationResult;
}

/**
 * The SQLite request cache (table `request_cache`). Results are validated against
 * `generationResultSchema` both ways: an invalid result is refused on `put`, and a row that no
 * longer parses (hand-edited, truncated, written by an incompatible release) is deleted and
 * reported as a miss on `get`, so the request is simply made again instead of crashing the run.
 *
 * Writes go through the store's group commit: a `put` is visible to `get` at once and durable
 * when its promise settles. Created by `MedHelmStore.open`; statements are prepared once here.
 */
export class RequestCache implements RequestCacheLike {
  readonly #pending = new Map<string, GenerationResult>();
  readonly #commits: GroupCommit;
  readonly #path: string;
  readonly #select: Database.Statement<[string], { result_json: string }>;
  readonly #upsert: Database.Statement<[RequestCacheRow]>;
  readonly #delete: Database.Statement<[string]>;
  readonly #count: Database.Statement<[], number>;
  readonly #now: () => number;

  /** @internal Use `MedHelmStore.open(...).requestCache`. */
  constructor(db: Database.Database, commits: GroupCommit, path: string, now: () => number = Date.now) {
    this.#commits = commits;
    this.#path = path;
    this.#select = db.prepare('SELECT result_json FROM request_cache WHERE key = ?');
    this.#upsert = db.prepare(
      `INSERT INTO request_cache (key, provider_id, model_id, result_json, created_at)
       VALUES (@key, @providerId, @modelId, @resultJson, @createdAt)
       ON CONFLICT (key) DO UPDATE SET
         provider_id = excluded.provider_id,
         model_id = excluded.model_id,
         result_json = excluded.result_json,
         created_at = excluded.created_at`,
    );
    this.#delete = db.prepare('DELETE FROM request_cache WHERE key = ?');
    this.#count = db.prepare<[], number>('SELECT count(*) FROM request_cache').pluck();
    this.#now = now;
  }

  get(key: string): GenerationResult | undefined {
    const pending = this.#pending.get(key);
    if (pending !== undefined) return pending;
    let row: { result_json: string } | undefined;
    try {
      row = this.#select.get(key);
    } catch (error) {
      throw storeFailure(error, this.#path, 'read');
    }
    if (row === undefined) return undefined;
    const parsed = generationResultSchema.safeParse(parseJson(row.result_json));
    if (parsed.success) return parsed.data;
    // A corrupt row must cost one repeated request, not the run.
    this.#delete.run(key);
    return undefined;
  }

  put(key: string, entry: RequestCacheEntry): Promise<void> {
    const parsed = generationResultSchema.safeParse(entry.result);
    if (!parsed.success) {
      throw new StoreError(
        `Request cache: refusing to store an invalid result for ${entry.providerId}/${entry.modelId}: ${parsed.error.message}`,
      );
    }
    const row = {
      key,
      providerId: entry.providerId,
      modelId: entry.modelId,
      // Store the validated value, so only fields of the schema (never extra provider data) land on disk.
      resultJson: JSON.stringify(parsed.data),
      createdAt: this.#now(),
    };
    this.#pending.set(key, parsed.data);
    return this.#commits.enqueue(
      () => this.#upsert.run(row),
      () => {
        if (this.#pending.get(key) === parsed.data) this.#pending.delete(key);
      },
    );
  }

  /** Committed results (writes still in their group are not counted). */
  size(): number {
    return this.#count.get() ?? 0;
  }
}

interface RequestCacheRow {
  key: string;
  providerId: string;
  modelId: string;
  resultJson: string;
  createdAt: number;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
