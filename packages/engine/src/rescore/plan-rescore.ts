import type { BenchmarkV1, ModelProviderV1, Registry } from '@medhelm/core';
import type { ResolvedPrice } from '@medhelm/model-config';
import { VARIANT_KEY } from '../plan/apply-variant.ts';
import type { ModelDeployment } from '../plan/model-deployment.ts';
import { planRuns, type RunPlan } from '../plan/plan-runs.ts';
import type { StoredRun } from './read-stored-run.ts';
import { hasStoredAnnotations, storedAnnotator } from './stored-annotator.ts';
import { STORED_COMPLETION_PROVIDER_ID } from './stored-completion-model.ts';
import { storedPromptTemplate } from './stored-prompt-template.ts';
import { storedRunBenchmark } from './stored-run-benchmark.ts';
import { storedRunLoader } from './stored-run-loader.ts';

/** Candidate calls of a rescore cost nothing: the stored completions answer them. */
const STORED_COMPLETION_PRICE: ResolvedPrice = {
  inputPerMillion: 0,
  outputPerMillion: 0,
  currency: 'USD',
  origin: 'override',
  source: 'stored completions: rescoring calls no candidate model',
};

/**
 * The plan of rescoring a finished run: a normal run of the benchmark it is of (so the engine
 * checkpoints, caches, limits, judges, writes and reports it as any run), named as the source run
 * and with its adapter spec, whose instances and requests are the source's (`storedRunLoader`,
 * `storedPromptTemplate`) and whose candidate is the stored-completion model. The benchmark's
 * scorers (corrected metrics included) score the stored answers; with `judges`, its jury judges
 * them anew, else the jury's stored verdicts are scored again. `registries.providers` must hold
 * the invocation's `storedCompletionProvider`.
 */
export function planRescore(
  stored: StoredRun,
  registries: { benchmarks: Registry<BenchmarkV1>; providers: Registry<ModelProviderV1> },
  options: { judges: boolean; concurrency?: number },
): RunPlan {
  const { benchmarkId, args, variant } = storedRunBenchmark(stored, registries.benchmarks);
  const deployment: ModelDeployment = {
    providerId: STORED_COMPLETION_PROVIDER_ID,
    modelId: stored.scenarioStateSha256,
    helmModel: stored.adapterSpec.model,
    helmDeployment: stored.adapterSpec.model_deployment,
    price: STORED_COMPLETION_PRICE,
  };
  const [plan] = planRuns(
    [
      {
        benchmarkId,
        args: [...args, ...(variant === undefined ? [] : [[VARIANT_KEY, variant] as const])],
        deployment,
      },
    ],
    registries,
    options.concurrency === undefined ? {} : { concurrency: options.concurrency },
  ) as [RunPlan];
  const { benchmark } = plan;
  const annotators = (benchmark.annotators ?? []).map((annotator) =>
    annotator.needsJudges && !options.judges && hasStoredAnnotations(annotator, stored)
      ? storedAnnotator(annotator, stored)
      : annotator,
  );
  const juryAnnotators = (benchmark.annotators ?? []).filter((annotator) => annotator.needsJudges);
  return {
    ...plan,
    runName: stored.runName,
    adapterSpec: stored.adapterSpec,
    groups: stored.groups.length > 0 ? [...stored.groups] : plan.groups,
    benchmark: {
      ...benchmark,
      dataset: storedRunLoader(stored, benchmark.dataset),
      prompt: storedPromptTemplate(stored),
      evalSplits: [...new Set(stored.states.map((state) => state.instance.split))],
      ...(benchmark.annotators === undefined ? {} : { annotators }),
    },
    rescoredFrom: {
      directory: stored.directory,
      run_name: stored.runName,
      written_by: stored.writer.by,
      scenario_state_sha256: stored.scenarioStateSha256,
      jury:
        juryAnnotators.length === 0
          ? 'none'
          : options.judges
            ? 'rejudged'
            : juryAnnotators.some((annotator) => hasStoredAnnotations(annotator, stored))
              ? 'stored'
              : 'none',
    },
  };
}
