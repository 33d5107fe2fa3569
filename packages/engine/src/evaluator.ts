import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type Environment,
  type LanguageModelV1,
  ModelCallError,
  type ModelProviderV1,
  type ProviderSettingsV1,
  type Registry,
  Tokens,
  toMedHelmError,
} from '@medhelm/core';
import { createFileResolver, type DataSource } from '@medhelm/datasets';
import { createRateLimiter, type RetryPolicy } from '@medhelm/http';
import type { MedHelmStore, RequestCacheLike } from '@medhelm/store';
import { inject, injectable } from 'tsyringe';
import { type CompletedCheckpoint, type InstanceCheckpoint, isCompleted } from './checkpoint-record.ts';
import { CachedLanguageModel } from './execute/cached-model.ts';
import { runWithConcurrency } from './execute/run-with-concurrency.ts';
import type { RunPlan } from './plan/plan-runs.ts';
import type { RunObserver } from './run-observer.ts';
import type { InstanceFailure, RunOutcome } from './run-outcome.ts';
import { selectEvalInstances } from './select/select-eval-instances.ts';
import { EngineTokens } from './tokens.ts';
import { writeRunDirectory } from './write/write-run-directory.ts';

/** How one invocation runs its plans. */
export interface EvaluationOptions {
  /** HELM suite: runs go to `<outputPath>/runs/<suite>/<run name>/`. */
  suite: string;
  outputPath: string;
  /** Where dataset files come from: bundled samples, a data directory, or pinned downloads. */
  dataSource: DataSource;
  /** Model calls in flight at once (HELM's `--num-threads`). */
  concurrency: number;
  /** Base URL and API-key variable for the providers. */
  providerSettings: Omit<ProviderSettingsV1, 'env'>;
  /** How retryable model-call failures are retried (defaults: 5 retries, backoff from 1 s to 60 s). */
  retry?: Partial<RetryPolicy>;
  signal?: AbortSignal;
}

/**
 * Runs plans through the pipeline: load and downsample instances, render prompts, execute through
 * the request cache with bounded concurrency (checkpointing every instance), then normalize, score,
 * aggregate and write the HELM run directory. An interrupted run resumes from its checkpoints and
 * pays for nothing twice; a completed run's checkpoints are cleared (its requests stay cached).
 */
@injectable()
export class Evaluator {
  constructor(
    @inject(Tokens.ProviderRegistry) private readonly providers: Registry<ModelProviderV1>,
    @inject(EngineTokens.Store) private readonly store: MedHelmStore,
    @inject(EngineTokens.RequestCache) private readonly requestCache: RequestCacheLike,
    @inject(EngineTokens.RunObserver) private readonly observer: RunObserver,
    @inject(Tokens.Environment) private readonly environment: Environment,
  ) {}

  async runAll(plans: readonly RunPlan[], options: EvaluationOptions): Promise<RunOutcome[]> {
    const outcomes: RunOutcome[] = [];
    for (const plan of plans) {
      if (options.signal?.aborted) break;
      outcomes.push(await this.run(plan, options));
    }
    return outcomes;
  }

  async run(plan: RunPlan, options: EvaluationOptions): Promise<RunOutcome> {
    const { benchmark, runName } = plan;
    // One limiter per run: runWithConcurrency below bounds the instances in flight, the limiter
    // the model calls, and a server's rate-limit hint pauses all of them at once.
    const model = new CachedLanguageModel(this.languageModel(plan, options), this.requestCache, {
      limiter: createRateLimiter({ concurrency: options.concurrency }),
      ...(options.retry === undefined ? {} : { retry: options.retry }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    const selection = await selectEvalInstances({
      benchmarkId: benchmark.id,
      loader: benchmark.dataset,
      context: {
        resolveFile: createFileResolver({ benchmarkId: benchmark.id, source: options.dataSource }),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      },
      ...(benchmark.evalSplits === undefined ? {} : { evalSplits: benchmark.evalSplits }),
      ...(plan.adapterSpec.max_eval_instances === undefined
        ? {}
        : { maxEvalInstances: plan.adapterSpec.max_eval_instances }),
    });
    this.observer.onRunStart({ plan, total: selection.selectedCount, available: selection.availableCount });

    const counts = { fromModel: 0, fromCache: 0, fromCheckpoint: 0, failed: 0 };
    const failures: InstanceFailure[] = [];
    const selectedIds = new Set<string>();
    let done = 0;
    await runWithConcurrency(
      selection.instances(),
      options.concurrency,
      async ({ position, instance }) => {
        selectedIds.add(instance.id);
        const rendered = benchmark.prompt.render(instance);
        const requestKey = model.keyOf(rendered.request);
        const saved = this.store.checkpoints.get(runName, instance.id)?.data as
          | InstanceCheckpoint
          | undefined;
        let source: 'model' | 'cache' | 'checkpoint' | 'failed';
        if (isCompleted(saved) && saved.requestKey === requestKey) {
          source = 'checkpoint';
          this.save(runName, position, { ...saved, instance, rendered });
        } else {
          try {
            // Not cancelled by Ctrl-C: a request in flight is paid for, so it finishes and is saved.
            const generation = await model.generate(rendered.request);
            source = generation.cached ? 'cache' : 'model';
            this.save(runName, position, {
              status: 'ok',
              requestKey,
              instance,
              rendered,
              result: generation.result,
              cached: generation.cached,
            });
          } catch (error) {
            // A refusal before any HTTP exchange that no retry can fix (e.g. a missing API key)
            // would fail every instance the same way: stop the run and say why instead.
            if (isConfigurationFailure(error)) throw error;
            source = 'failed';
            const message = toMedHelmError(error, `instance ${instance.id}`).message;
            failures.push({ instanceId: instance.id, error: message });
            this.save(runName, position, {
              status: 'failed',
              requestKey,
              instance,
              rendered,
              error: message,
            });
          }
        }
        counts[
          source === 'model'
            ? 'fromModel'
            : source === 'cache'
              ? 'fromCache'
              : source === 'checkpoint'
                ? 'fromCheckpoint'
                : 'failed'
        ]++;
        done++;
        this.observer.onInstanceDone({ plan, done, total: selection.selectedCount, source });
      },
      options.signal,
    );

    const interrupted = options.signal?.aborted === true;
    const base = {
      plan,
      interrupted,
      failures,
      counts: {
        available: selection.availableCount,
        selected: selection.selectedCount,
        completed: 0,
        ...counts,
      },
    };
    const headlineName = { name: benchmark.mainMetric.name, split: benchmark.mainMetric.split };
    if (interrupted) {
      const outcome: RunOutcome = {
        ...base,
        scoringFailures: [],
        usage: { promptTokens: 0, completionTokens: 0, estimated: false },
        headline: { ...headlineName, value: undefined },
      };
      this.observer.onRunEnd(outcome);
      return outcome;
    }

    const store = this.store;
    const written = await writeRunDirectory({
      plan,
      suiteDirectory: join(options.outputPath, 'runs', options.suite),
      *completed(): Iterable<CompletedCheckpoint> {
        for (const record of store.checkpoints.iterate(runName)) {
          const checkpoint = record.data as InstanceCheckpoint;
          if (selectedIds.has(record.instanceId) && isCompleted(checkpoint)) yield checkpoint;
        }
      },
    });
    // Completed: later invocations start fresh (served by the request cache), except the failed
    // instances, which were never cached and so are retried.
    this.store.checkpoints.clear(runName);
    const headline = written.stats.find(
      (stat) =>
        stat.name.name === headlineName.name &&
        stat.name.split === headlineName.split &&
        stat.name.sub_split === undefined &&
        stat.name.perturbation === undefined,
    );
    const outcome: RunOutcome = {
      ...base,
      counts: { ...base.counts, completed: written.completedCount },
      runDirectory: written.runDirectory,
      scoringFailures: written.scoringFailures,
      usage: written.usage,
      headline: { ...headlineName, value: headline?.mean },
    };
    await writeRunReport(outcome);
    this.observer.onRunEnd(outcome);
    return outcome;
  }

  private save(runName: string, position: number, checkpoint: InstanceCheckpoint): void {
    this.store.checkpoints.save(runName, { position, instanceId: checkpoint.instance.id, data: checkpoint });
  }

  private languageModel(plan: RunPlan, options: EvaluationOptions): LanguageModelV1 {
    const provider = this.providers.get(plan.deployment.providerId);
    return provider.languageModel(plan.deployment.modelId, {
      ...options.providerSettings,
      env: this.environment,
    });
  }
}

/**
 * `medhelm_run.json` beside HELM's files: what HELM does not record (failed instances, instances a
 * scorer could not score, where results came from, token usage). HELM's readers ignore it.
 */
async function writeRunReport(outcome: RunOutcome): Promise<void> {
  if (outcome.runDirectory === undefined) return;
  const report = {
    run_name: outcome.plan.runName,
    benchmark: outcome.plan.benchmark.id,
    model_deployment: outcome.plan.deployment.helmDeployment,
    counts: outcome.counts,
    headline: outcome.headline,
    usage: outcome.usage,
    failures: outcome.failures,
    scoring_failures: outcome.scoringFailures,
  };
  const path = join(outcome.runDirectory, 'medhelm_run.json');
  await writeFile(`${path}.partial`, `${JSON.stringify(report, null, 2)}\n`);
  await rename(`${path}.partial`, path);
}

function isConfigurationFailure(error: unknown): boolean {
  return error instanceof ModelCallError && error.status === undefined && !error.isRetryable;
}
