import {
  type DatasetFileV1,
  defineScorer,
  type ScorerV1,
  type ScoreValuesV1,
  ScoringError,
} from '@medhelm/core';
import {
  buildEhrSqlAnnotation,
  EHR_SQL_STAT_NAMES,
  type EhrSqlAnnotation,
  ehrSqlMetrics,
} from '@medhelm/metrics';
import { SqlSandbox, type SqlSandboxOptions } from '@medhelm/sql-sandbox';
import { type EhrSqlDatabase, resolveEhrSqlDatabase } from './ehr-sql-database.ts';

/** HELM's metric class, as run_spec.json lists it. */
export const EHR_SQL_METRIC_SPEC = {
  class_name: 'helm.benchmark.metrics.ehr_sql_metrics.EhrSqlMetric',
  args: {},
} as const;

/**
 * HELM's annotator, as get_ehr_sql_run_spec lists it in run_spec.json (`AnnotatorSpec(class_name=
 * ...EhrSqlAnnotator)`, args defaulting to `{}`). The scorer does its work itself.
 */
export const EHR_SQL_ANNOTATOR_SPEC = {
  class_name: 'helm.benchmark.annotation.ehr_sql_annotator.EhrSqlAnnotator',
  args: {},
} as const;

/** Options of {@link createEhrSqlScorer}. */
export interface EhrSqlScorerOptions {
  /**
   * Limits of the SQL sandbox (per statement time, rows, bytes, memory); the sandbox's defaults
   * (5 s, 100,000 rows, 64 MiB, 4 GiB) otherwise. HELM has none: a statement past them is a query
   * error for the completion's SQL, and a ScoringError for the gold query.
   */
  sandbox?: Omit<SqlSandboxOptions, 'databasePath'>;
  /**
   * How long a sandbox child process stays alive without a score call before it is closed.
   * Default 5000 ms.
   */
  idleCloseMs?: number;
  /** Receives each annotation (HELM's `annotations["ehr_sql"]`), e.g. for inspection. */
  onAnnotation?: (instanceId: string, annotation: EhrSqlAnnotation) => void;
}

/** The ehr_sql scorer, plus a way to end its sandbox processes now. */
export interface EhrSqlScorer extends ScorerV1 {
  /** Closes every sandbox child process now (later score calls start new ones). */
  close(): Promise<void>;
}

const DEFAULT_IDLE_CLOSE_MS = 5000;

/**
 * HELM's `EhrSqlAnnotator` followed by `EhrSqlMetric`: the gold query and the SQL extracted from
 * the completion run on the run's eICU database in `@medhelm/sql-sandbox` (a read-only, killable
 * child process; writes run on a throw-away copy), the annotation is built as HELM builds it
 * (`buildEhrSqlAnnotation`, with the `value` fallback) and the six `ehr_sql_*` stats are computed
 * from it (`ehrSqlMetrics`).
 *
 * The database comes from `ScoreInputV1.resolveFile` through {@link resolveEhrSqlDatabase}, the
 * helper the loader uses: the real `eicu.sqlite` when the run's data source has it, else the
 * bundled synthetic one. Without `resolveFile` (called outside a run) the scorer cannot know the
 * run's database and throws a ScoringError.
 *
 * Sandbox lifecycle: one child process per database file, shared by consecutive score calls (a
 * child per call would cost ~0.2-0.6 s of start-up per instance), closed after `idleCloseMs`
 * without a call, i.e. shortly after the run's last instance is scored; `close()` ends it at once.
 * Neither the idle timer nor an idle child keeps Node's event loop alive, `@medhelm/sql-sandbox`
 * SIGKILLs live children when the process exits, and a child exits by itself when its parent
 * disappears, so no child outlives the run's process.
 */
export function createEhrSqlScorer(options: EhrSqlScorerOptions = {}): EhrSqlScorer {
  const pool = new SandboxPool(options.sandbox ?? {}, options.idleCloseMs ?? DEFAULT_IDLE_CLOSE_MS);
  // One resolution per run: the engine hands every score call of a run the same resolver.
  const databases = new WeakMap<object, Promise<EhrSqlDatabase>>();

  const scorer = defineScorer({
    id: 'ehr_sql',
    statNames: EHR_SQL_STAT_NAMES,
    // The annotation HELM's EhrSqlAnnotator would file is built in `score` and handed to
    // `onAnnotation`, so the scorer stands for both of HELM's classes.
    helmMetricSpecs: [EHR_SQL_METRIC_SPEC],
    helmAnnotatorSpecs: [EHR_SQL_ANNOTATOR_SPEC],
    async score(input): Promise<ScoreValuesV1> {
      const { instance, resolveFile } = input;
      if (resolveFile === undefined) {
        throw new ScoringError(
          `ehr_sql: instance ${instance.id} was scored without ScoreInputV1.resolveFile, so the scorer cannot find the run's eICU database to execute SQL on; score it within a run (the engine passes the run's file resolver).`,
        );
      }
      // HELM's annotator asserts both.
      if (instance.references.length !== 1) {
        throw new ScoringError(
          `HELM's EhrSqlAnnotator asserts one reference; instance ${instance.id} has ${instance.references.length}`,
        );
      }
      if (input.result.completions.length !== 1) {
        throw new ScoringError(
          `HELM's EhrSqlAnnotator asserts one completion; instance ${instance.id} has ${input.result.completions.length}`,
        );
      }
      const goldQuery = (instance.references[0] as { output: { text: string } }).output.text;

      let database = databases.get(resolveFile);
      if (database === undefined) {
        const resolving = resolveEhrSqlDatabase(resolveFile as (file: DatasetFileV1) => Promise<string>);
        // A failed resolution is not kept: the next instance tries again.
        resolving.catch(() => {
          if (databases.get(resolveFile) === resolving) databases.delete(resolveFile);
        });
        databases.set(resolveFile, resolving);
        database = resolving;
      }
      const { path } = await database;

      const annotation = await pool.use(path, (sandbox) =>
        buildEhrSqlAnnotation(
          (sql) => sandbox.execute(sql),
          input.completion,
          goldQuery,
          instance.extraData ?? null,
        ),
      );
      options.onAnnotation?.(instance.id, annotation);
      const stats = ehrSqlMetrics({
        completion: input.completion,
        references: instance.references.map((item) => item.output.text),
        extraData: instance.extraData ?? null,
        annotation,
      });
      return stats ?? {};
    },
  });
  return Object.assign(scorer, { close: () => pool.close() });
}

interface PoolEntry {
  sandbox: Promise<SqlSandbox>;
  users: number;
  timer: NodeJS.Timeout | undefined;
}

/** One SqlSandbox per database file, reused while in use and closed once idle. */
class SandboxPool {
  readonly #entries = new Map<string, PoolEntry>();

  constructor(
    private readonly options: Omit<SqlSandboxOptions, 'databasePath'>,
    private readonly idleCloseMs: number,
  ) {}

  async use<T>(databasePath: string, run: (sandbox: SqlSandbox) => Promise<T>): Promise<T> {
    const entry = this.#acquire(databasePath);
    try {
      let sandbox: SqlSandbox;
      try {
        sandbox = await entry.sandbox;
      } catch (error) {
        throw new ScoringError(
          `ehr_sql: cannot start the SQL sandbox on ${databasePath}: ${messageOf(error)}`,
          { cause: error },
        );
      }
      try {
        return await run(sandbox);
      } catch (error) {
        // A ScoringError is HELM raising; anything else (the sandbox failing) is not a score.
        if (ScoringError.isInstance(error)) throw error;
        throw new ScoringError(`ehr_sql: the SQL sandbox failed: ${messageOf(error)}`, { cause: error });
      }
    } finally {
      this.#release(databasePath, entry);
    }
  }

  async close(): Promise<void> {
    const entries = [...this.#entries.values()];
    this.#entries.clear();
    await Promise.all(entries.map((entry) => closeEntry(entry)));
  }

  #acquire(databasePath: string): PoolEntry {
    let entry = this.#entries.get(databasePath);
    if (entry === undefined) {
      const created: PoolEntry = {
        sandbox: SqlSandbox.open({ ...this.options, databasePath }),
        users: 0,
        timer: undefined,
      };
      // A sandbox that cannot start is not kept: the next call tries again.
      created.sandbox.catch(() => {
        if (this.#entries.get(databasePath) === created) this.#entries.delete(databasePath);
      });
      this.#entries.set(databasePath, created);
      entry = created;
    }
    entry.users++;
    clearTimeout(entry.timer);
    entry.timer = undefined;
    return entry;
  }

  #release(databasePath: string, entry: PoolEntry): void {
    entry.users--;
    if (entry.users > 0 || this.#entries.get(databasePath) !== entry) return;
    entry.timer = setTimeout(() => {
      if (entry.users > 0 || this.#entries.get(databasePath) !== entry) return;
      this.#entries.delete(databasePath);
      void closeEntry(entry);
    }, this.idleCloseMs);
    // An idle sandbox must not keep the process alive.
    entry.timer.unref();
  }
}

async function closeEntry(entry: PoolEntry): Promise<void> {
  clearTimeout(entry.timer);
  entry.timer = undefined;
  const sandbox = await entry.sandbox.catch(() => undefined);
  await sandbox?.close();
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
