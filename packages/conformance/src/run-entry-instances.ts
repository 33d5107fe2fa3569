import { resolve } from 'node:path';
import {
  type BenchmarkV1,
  compilePromptTemplate,
  defineProvider,
  type HelmAdapterSpec,
  type IdentifiedInstance,
  type ModelProviderV1,
  Registry,
  type RenderedPromptV1,
} from '@medhelm/core';
import { type ModelDeployment, parseRunEntry, planRuns } from '@medhelm/engine';
import { selectRunInstances } from '@medhelm/engine/internal';

/** An instance of a run entry, in HELM's order, with its rendered prompt. */
export interface RenderedInstance {
  instance: IdentifiedInstance;
  rendered: RenderedPromptV1;
}

/** The instances of one run entry over a data folder, as a run of it would evaluate them. */
export interface RunEntryInstances {
  /** The benchmark the entry configures (its arguments applied). */
  benchmark: BenchmarkV1;
  /** The run's adapter spec (the entry's expanders applied). */
  adapterSpec: HelmAdapterSpec;
  instances: RenderedInstance[];
}

// Conformance plans runs to render them, never to call a model: a deployment nothing can reach.
const NO_MODEL: ModelDeployment = {
  providerId: 'conformance-no-model',
  modelId: 'none',
  helmModel: 'conformance/none',
  helmDeployment: 'conformance-no-model/none',
};
const NO_PROVIDERS = new Registry<ModelProviderV1>('provider');
NO_PROVIDERS.register(
  defineProvider({
    id: NO_MODEL.providerId,
    displayName: 'conformance (never called)',
    languageModel: () => {
      throw new Error('conformance renders prompts and never calls a model');
    },
  }),
);

/**
 * The instances of `runEntry` (default: the benchmark id alone) over the files in `dataDirectory`,
 * exactly as `medhelm run` would select and render them: the entry's arguments configure the
 * benchmark (plus `deviationArguments` for a vector made with a HELM constant changed; paths they
 * name are resolved in `dataDirectory`), its expanders change the adapter spec, HELM's
 * downsampling picks and orders the instances.
 */
export async function runEntryInstances(
  benchmark: BenchmarkV1,
  options: { dataDirectory: string; runEntry?: string; deviation?: string },
): Promise<RunEntryInstances> {
  const entry = parseRunEntry(options.runEntry ?? benchmark.id, 'the conformance vector');
  const args = [...entry.args];
  if (options.deviation !== undefined) {
    const extra = benchmark.arguments?.deviationArguments?.(options.deviation);
    if (extra === undefined) {
      throw new Error(`${benchmark.id} cannot reproduce the vector's deviation: ${options.deviation}`);
    }
    args.push(...Object.entries(extra));
  }
  const benchmarks = new Registry<BenchmarkV1>('benchmark');
  benchmarks.register({ ...benchmark, id: entry.benchmarkId });
  // HELM made the vectors with the data folder as its working directory: paths the entry's
  // arguments name (a benchmark config) are resolved there.
  const [plan] = planRuns(
    [{ benchmarkId: entry.benchmarkId, args, deployment: NO_MODEL }],
    { benchmarks, providers: NO_PROVIDERS },
    { resolvePath: (path) => resolve(options.dataDirectory, path) },
  );
  if (plan === undefined) throw new Error(`no run for ${options.runEntry}`);
  const selection = await selectRunInstances(plan, { kind: 'directory', path: options.dataDirectory });
  const render = compilePromptTemplate(plan.benchmark.prompt, plan.adapterSpec);
  const instances: RenderedInstance[] = [];
  for await (const { instance } of selection.inPositionOrder())
    instances.push({ instance, rendered: render(instance) });
  return { benchmark: plan.benchmark, adapterSpec: plan.adapterSpec, instances };
}
