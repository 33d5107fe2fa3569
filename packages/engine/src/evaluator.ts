import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ConfigError,
  type Environment,
  type GenerationResult,
  type IdentifiedInstance,
  type LanguageModelV1,
  ModelCallError,
  type ModelProviderV1,
  type ProviderSettingsV1,
  type Registry,
  type RenderedPromptV1,
  Tokens,
  toMedHelmError,
} from '@medhelm/core';
import type { DataSource } from '@medhelm/datasets';
import { createRateLimiter, type RetryPolicy } from '@medhelm/http';
import { costInPicoUsd, type ResolvedPrice, usdFromPicoUsd } from '@medhelm/model-config';
import type { MedHelmStore, RequestCacheLike } from '@medhelm/store';
import { inject, injectable } from 'tsyringe';
import { type CompletedCheckpoint, type InstanceCheckpoint, isCompleted } from './checkpoint-record.ts';
import { annotateInstance } from './execute/annotate-instance.ts';
import { CachedLanguageModel, estimatePromptTokens, maxCompletionTokens } from './execute/cached-model.ts';
import { CostBudget } from './execute/cost-budget.ts';
import { createJury, type JudgeDeployment, type Jury } from './execute/create-jury.ts';
import { runWithConcurrency } from './execute/run-with-concurrency.ts';
import type { ModelDeployment } from './plan/model-deployment.ts';
import type { RunPlan } from './plan/plan-runs.ts';
import type { RunObserver } from './run-observer.ts';
import type { InstanceFailure, RunOutcome, TokenCounts } from './run-outcome.ts';
import { runFileResolver, selectRunInstances } from './select/select-run-instances.ts';
import { EngineTokens } from './tokens.ts';
import { appendCostLedgerEntry } from './write/cost-ledger.ts';
import { writeRunDirectory } from './write/write-run-directory.ts';

/** How one invocation runs its plans. */
export interface EvaluationOptions {
  /** HELM suite: runs go to `<outputPath>/runs/<suite>/<run name>/`. */
  suite: string;
  outputPath: string;
  /** Where dataset files come from: bundled samples, a data directory, or pinned downloads. */
  dataSource: DataSource;
  /**
   * Model calls in flight at once (HELM's `--num-threads`), for deployments whose `limits` set no
   * `concurrency`.
   */
  concurrency: number;
  /**
   * Base URL and API-key variable for every provider; each field given here wins over the run's
   * deployment (`baseUrl`, `apiKeyEnvVar`).
   */
  providerSettings: Omit<ProviderSettingsV1, 'env'>;
  /** How retryable model-call failures are retried (defaults: 5 retries, backoff from 1 s to 60 s). */
  retry?: Partial<RetryPolicy>;
  /**
   * A cap in US dollars on what the model calls of this invocation may cost (`--max-cost`). Before
   * each call, the call's maximum cost (estimated prompt tokens + max_tokens × completions at the
   * deployment's price) is checked against what was spent plus the calls in flight; a call that
   * would cross the cap is not made, and the run stops as on Ctrl-C (`stoppedBy: 'max-cost'`).
   * Every plan's deployment must have a price (ConfigError otherwise).
   */
  maxCostUsd?: number;
  /**
   * The LLM jury's judges (name in HELM's `annotator_models` and the deployment that answers),
   * for benchmarks with annotators that need judges. None: those annotators are skipped and the run
   * says so; the other metrics are still computed.
   */
  judges?: readonly JudgeDeployment[];
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
    let budget: CostBudget | undefined;
    if (options.maxCostUsd !== undefined) {
      const unpriced = plans.filter((plan) => plan.deployment.price === undefined);
      if (unpriced.length > 0) {
        throw new ConfigError(
          `--max-cost needs a price for every model, and ${unpriced.map((plan) => plan.deployment.helmDeployment).join(', ')} has none.`,
          { hint: 'Give the deployment a price in a models file (--models-file), or leave out --max-cost.' },
        );
      }
      budget = new CostBudget(options.maxCostUsd);
    }
    const outcomes: RunOutcome[] = [];
    for (const plan of plans) {
      if (options.signal?.aborted || budget?.exhausted) break;
      outcomes.push(await this.run(plan, options, budget));
    }
    return outcomes;
  }

  /** Runs one plan; `budget` is the invocation's `--max-cost` cap, shared by its runs. */
  async run(plan: RunPlan, options: EvaluationOptions, budget?: CostBudget): Promise<RunOutcome> {
    const languageModel = this.languageModel(plan, options);
    const needsJudges = (plan.benchmark.annotators ?? []).some((annotator) => annotator.needsJudges);
    const jury =
      needsJudges && (options.judges?.length ?? 0) > 0
        ? createJury(options.judges ?? [], {
            languageModel: (deployment) => this.judgeModel(deployment, options),
            requestCache: this.requestCache,
            concurrency: options.concurrency,
            ...(options.retry === undefined ? {} : { retry: options.retry }),
            // Judge calls count against --max-cost once made (checked before each candidate call).
            onSpend: (picoUsd) => budget?.settle(0n, picoUsd),
          })
        : undefined;
    try {
      const outcome = await this.runWithModel(plan, languageModel, options, budget, jury);
      await appendCostLedgerEntry(join(options.outputPath, 'runs', options.suite), outcome);
      return outcome;
    } finally {
      // However the run ends, the models' resources (an in-process model's context) are released.
      await languageModel.close?.();
      await jury?.close();
    }
  }

  private async runWithModel(
    plan: RunPlan,
    languageModel: LanguageModelV1,
    options: EvaluationOptions,
    budget: CostBudget | undefined,
    jury: Jury | undefined,
  ): Promise<RunOutcome> {
    const { benchmark, runName } = plan;
    const annotators = benchmark.annotators ?? [];
    const price = plan.deployment.price;
    // Ctrl-C (options.signal) or the cost cap (stop) ends the run the same way.
    const stop = new AbortController();
    const signal =
      options.signal === undefined ? stop.signal : AbortSignal.any([options.signal, stop.signal]);
    const limits = plan.deployment.limits;
    const concurrency = limits?.concurrency ?? options.concurrency;
    // One limiter per run: runWithConcurrency below bounds the instances in flight, the limiter
    // the model calls, and a server's rate-limit hint pauses all of them at once.
    const model = new CachedLanguageModel(languageModel, this.requestCache, {
      limiter: createRateLimiter({
        concurrency,
        ...(limits?.requestsPerMinute === undefined ? {} : { requestsPerMinute: limits.requestsPerMinute }),
        ...(limits?.tokensPerMinute === undefined ? {} : { tokensPerMinute: limits.tokensPerMinute }),
      }),
      ...(options.retry === undefined ? {} : { retry: options.retry }),
      signal,
    });
    // Distinct warnings about the data (e.g. a stand-in file), reported with the run.
    const warnings = new Set<string>();
    const selection = await selectRunInstances(plan, options.dataSource, {
      signal,
      warn: (message) => warnings.add(message),
    });
    if (annotators.some((annotator) => annotator.needsJudges) && jury === undefined) {
      warnings.add(
        `${benchmark.id}: the LLM jury was skipped because no judges are configured, so its jury score is missing; the other metrics are computed. Configure judges with --judges gpt=<model>,llama=<model>,claude=<model> (any deployment ids or provider:model).`,
      );
    }
    const resolveFile = runFileResolver(plan, options.dataSource);
    const annotatorContext = { judges: jury?.judges ?? [], signal };
    const annotate = async (
      instance: IdentifiedInstance,
      rendered: RenderedPromptV1,
      result: GenerationResult,
      previous?: Readonly<Record<string, unknown>>,
    ) =>
      annotators.length === 0
        ? {}
        : annotationFields(
            await annotateInstance(
              annotators,
              { instance, request: rendered.request, result, resolveFile },
              annotatorContext,
              previous,
            ),
          );
    this.observer.onRunStart({ plan, total: selection.selectedCount, available: selection.availableCount });

    const counts = { fromModel: 0, fromCache: 0, fromCheckpoint: 0, failed: 0 };
    // Token usage by where the answer came from: only `model` (calls made now) is spent money.
    const usageBySource = { model: zeroTokens(), cache: zeroTokens(), checkpoint: zeroTokens() };
    let spentPicoUsd = 0n;
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
          addTokens(usageBySource.checkpoint, saved.result.usage);
          this.save(runName, position, {
            ...saved,
            instance,
            rendered,
            ...(await annotate(instance, rendered, saved.result, saved.annotations)),
          });
        } else {
          let reservedPicoUsd = 0n;
          let actualPicoUsd = 0n;
          if (budget !== undefined && price !== undefined && !model.isCached(rendered.request)) {
            reservedPicoUsd = costInPicoUsd(
              {
                promptTokens: estimatePromptTokens(rendered.request),
                completionTokens: maxCompletionTokens(rendered.request),
              },
              price,
            );
            if (!budget.tryReserve(reservedPicoUsd)) {
              // This call could cross --max-cost: make no more calls; the ones in flight finish.
              stop.abort();
              return;
            }
          }
          try {
            // Not cancelled by Ctrl-C: a request in flight is paid for, so it finishes and is saved.
            const generation = await model.generate(rendered.request);
            source = generation.cached ? 'cache' : 'model';
            addTokens(generation.cached ? usageBySource.cache : usageBySource.model, generation.result.usage);
            if (!generation.cached && price !== undefined) {
              actualPicoUsd = costInPicoUsd(generation.result.usage, price);
              spentPicoUsd += actualPicoUsd;
            }
            this.save(runName, position, {
              status: 'ok',
              requestKey,
              instance,
              rendered,
              result: generation.result,
              cached: generation.cached,
              ...(await annotate(instance, rendered, generation.result)),
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
          } finally {
            budget?.settle(reservedPicoUsd, actualPicoUsd);
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
      signal,
    );

    const interrupted = signal.aborted;
    const base = {
      plan,
      interrupted,
      ...(interrupted
        ? { stoppedBy: stop.signal.aborted ? ('max-cost' as const) : ('signal' as const) }
        : {}),
      usageBySource,
      cost: {
        candidateUsd: price === undefined ? undefined : usdFromPicoUsd(spentPicoUsd),
        judgeUsd: jury === undefined ? 0 : jury.spend().usd,
        jury: !annotators.some((annotator) => annotator.needsJudges)
          ? ('none' as const)
          : jury === undefined
            ? ('skipped' as const)
            : ('ran' as const),
        judgeUsage: jury === undefined ? zeroTokens() : jury.spend().usage,
        ...(price === undefined ? {} : { priceSource: priceSourceOf(price) }),
      },
      failures,
      warnings: [...warnings],
      counts: {
        available: selection.availableCount,
        selected: selection.selectedCount,
        completed: 0,
        ...counts,
      },
    };
    const headlineName = { name: benchmark.mainMetric.name, split: benchmark.mainMetric.split };
    const correctedName =
      benchmark.correctedMetric === undefined
        ? undefined
        : { name: benchmark.correctedMetric.name, split: benchmark.correctedMetric.split };
    if (interrupted) {
      const outcome: RunOutcome = {
        ...base,
        scoringFailures: [],
        usage: { promptTokens: 0, completionTokens: 0, estimated: false },
        headline: {
          ...headlineName,
          value: undefined,
          ...(correctedName === undefined ? {} : { corrected: { ...correctedName, value: undefined } }),
        },
      };
      this.observer.onRunEnd(outcome);
      return outcome;
    }

    const store = this.store;
    const written = await writeRunDirectory({
      plan,
      suiteDirectory: join(options.outputPath, 'runs', options.suite),
      resolveFile,
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
    const meanOf = (metric: { name: string; split: string }) =>
      written.stats.find(
        (stat) =>
          stat.name.name === metric.name &&
          stat.name.split === metric.split &&
          stat.name.sub_split === undefined &&
          stat.name.perturbation === undefined,
      )?.mean;
    const outcome: RunOutcome = {
      ...base,
      counts: { ...base.counts, completed: written.completedCount },
      runDirectory: written.runDirectory,
      scoringFailures: written.scoringFailures,
      usage: written.usage,
      headline: {
        ...headlineName,
        value: meanOf(headlineName),
        // Our corrected counterpart of the headline, beside HELM's (medhelm_run.json carries it too).
        ...(correctedName === undefined
          ? {}
          : { corrected: { ...correctedName, value: meanOf(correctedName) } }),
      },
    };
    await writeRunReport(outcome);
    this.observer.onRunEnd(outcome);
    return outcome;
  }

  private save(runName: string, position: number, checkpoint: InstanceCheckpoint): void {
    this.store.checkpoints.save(runName, { position, instanceId: checkpoint.instance.id, data: checkpoint });
  }

  private languageModel(plan: RunPlan, options: EvaluationOptions): LanguageModelV1 {
    return this.modelFor(plan.deployment, options.providerSettings);
  }

  /** A judge's model: its own deployment's settings; of the run's flags only the timeout applies. */
  private judgeModel(deployment: ModelDeployment, options: EvaluationOptions): LanguageModelV1 {
    const { timeoutMs } = options.providerSettings;
    return this.modelFor(deployment, timeoutMs === undefined ? {} : { timeoutMs });
  }

  private modelFor(deployment: ModelDeployment, overrides: Omit<ProviderSettingsV1, 'env'>): LanguageModelV1 {
    const provider = this.providers.get(deployment.providerId);
    return provider.languageModel(deployment.modelId, {
      ...(deployment.baseUrl === undefined ? {} : { baseUrl: deployment.baseUrl }),
      ...(deployment.apiKeyEnvVar === undefined ? {} : { apiKeyEnvVar: deployment.apiKeyEnvVar }),
      ...overrides,
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
    usage_by_source: outcome.usageBySource,
    // null, not left out, when the price is unknown.
    cost: {
      ...outcome.cost,
      candidateUsd: outcome.cost.candidateUsd ?? null,
      judgeUsd: outcome.cost.judgeUsd ?? null,
    },
    failures: outcome.failures,
    warnings: outcome.warnings,
    scoring_failures: outcome.scoringFailures,
  };
  const path = join(outcome.runDirectory, 'medhelm_run.json');
  await writeFile(`${path}.partial`, `${JSON.stringify(report, null, 2)}\n`);
  await rename(`${path}.partial`, path);
}

function isConfigurationFailure(error: unknown): boolean {
  return error instanceof ModelCallError && error.status === undefined && !error.isRetryable;
}

/** The checkpoint fields for an instance's annotations (none when nothing was annotated). */
function annotationFields(annotated: {
  annotations: Record<string, unknown>;
  errors: Record<string, string>;
}): Pick<InstanceCheckpoint, 'annotations' | 'annotationErrors'> {
  return {
    ...(Object.keys(annotated.annotations).length === 0 ? {} : { annotations: annotated.annotations }),
    ...(Object.keys(annotated.errors).length === 0 ? {} : { annotationErrors: annotated.errors }),
  };
}

function zeroTokens(): TokenCounts {
  return { promptTokens: 0, completionTokens: 0 };
}

function addTokens(total: TokenCounts, usage: TokenCounts): void {
  total.promptTokens += usage.promptTokens;
  total.completionTokens += usage.completionTokens;
}

/** Where a price comes from, for reports: the deployment's own price or the dated table. */
function priceSourceOf(price: ResolvedPrice): string {
  return price.origin === 'override'
    ? `deployment price${price.source === undefined ? '' : ` (${price.source})`}`
    : `price table ${price.effectiveDate ?? ''}`.trimEnd();
}
