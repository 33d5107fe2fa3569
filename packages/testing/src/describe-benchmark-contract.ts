import type { BenchmarkV1, DatasetLoadContextV1, IdentifiedInstance, RenderedPromptV1 } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import {
  checkBenchmarkManifest,
  checkSpecificationVersions,
  evaluatedInstances,
  isMaximumScore,
  loadContractInstances,
  oracleCompletion,
  renderContractPrompt,
  scoreMainMetric,
  WRONG_COMPLETION,
} from './benchmark-contract-checks.ts';

/** Options of {@link describeBenchmarkContract}. */
export interface BenchmarkContractOptions {
  /** Absolute path of the plugin's package.json (its `medhelm` manifest is checked). */
  packageJsonPath: string;
  /** How the loader finds its files in the test, e.g. `createSampleLoadContext()`. */
  loadContext: DatasetLoadContextV1;
  /** How many evaluated instances to render and score (default 20). */
  maxInstances?: number;
  /** Per-test timeout in milliseconds, for loaders that read large files (default: vitest's). */
  timeoutMs?: number;
  /**
   * For benchmarks whose HELM metric scores some gold answers below the maximum (MedCalc-Bench's
   * `lab` rows, reproduced for comparability): return false for those instances and the oracle
   * check skips them. It must still hold for at least one checked instance.
   */
  oracleReachesMaximum?: (instance: IdentifiedInstance) => boolean;
}

/**
 * The vitest suite every benchmark plugin runs against itself:
 *
 * 1. the package.json `medhelm` manifest is readable without importing the package and lists the benchmark;
 * 2. the benchmark and each of its parts declare specification version `v1`;
 * 3. the loader yields valid instances, each evaluated one with a `correct` reference;
 * 4. prompts render into valid requests for the first `maxInstances` evaluated instances;
 * 5. an oracle completion (the gold answer, or its letter) scores the main metric at its maximum, 1;
 * 6. a wrong completion scores the main metric below the maximum.
 *
 * Call it at the top level of a test file:
 * `describeBenchmarkContract(pubmedQa, { packageJsonPath, loadContext: createSampleLoadContext() })`.
 */
export function describeBenchmarkContract(benchmark: BenchmarkV1, options: BenchmarkContractOptions): void {
  const maxInstances = options.maxInstances ?? 20;
  const metric = benchmark.mainMetric.name;

  // Loading can be slow (real sample files); every test after the loader check shares one load.
  let loading: Promise<IdentifiedInstance[]> | undefined;
  const load = () => {
    loading ??= loadContractInstances(benchmark, options.loadContext);
    return loading;
  };
  let checked: Promise<{ instance: IdentifiedInstance; rendered: RenderedPromptV1 }[]> | undefined;
  const renderChecked = () => {
    checked ??= load().then((instances) =>
      evaluatedInstances(benchmark, instances)
        .slice(0, maxInstances)
        .map((instance) => ({ instance, rendered: renderContractPrompt(benchmark, instance) })),
    );
    return checked;
  };

  describe(`benchmark contract: ${benchmark.id}`, () => {
    it('declares the benchmark in the package.json "medhelm" manifest', () => {
      const manifest = checkBenchmarkManifest(options.packageJsonPath, benchmark.id);
      expect(manifest.kind).toBe('benchmark');
      expect(manifest.ids).toContain(benchmark.id);
    });

    it('uses specification version v1 for the benchmark and each of its parts', () => {
      checkSpecificationVersions(benchmark);
      expect(benchmark.specificationVersion).toBe('v1');
    });

    it(
      'loads valid instances, each evaluated one with a correct reference',
      async () => {
        const instances = await load();
        expect(instances.length).toBeGreaterThan(0);
        expect(evaluatedInstances(benchmark, instances).length).toBeGreaterThan(0);
      },
      options.timeoutMs,
    );

    it(
      `renders valid requests for the first ${maxInstances} evaluated instances`,
      async () => {
        const rendered = await renderChecked();
        expect(rendered.length).toBeGreaterThan(0);
      },
      options.timeoutMs,
    );

    it(
      `scores an oracle completion at the maximum of ${metric}`,
      async () => {
        const failures: string[] = [];
        const oracleChecked = (await renderChecked()).filter(
          ({ instance }) => options.oracleReachesMaximum?.(instance) ?? true,
        );
        expect(oracleChecked.length, 'instances left for the oracle check').toBeGreaterThan(0);
        for (const { instance, rendered } of oracleChecked) {
          const completion = oracleCompletion(instance, rendered);
          const value = await scoreMainMetric(benchmark, instance, rendered, completion);
          if (!isMaximumScore(value)) {
            failures.push(
              `${instance.id}: ${JSON.stringify(completion)} scored ${String(value ?? 'no stat')}`,
            );
          }
        }
        expect(failures, `oracle completions that did not score ${metric} = 1`).toEqual([]);
      },
      options.timeoutMs,
    );

    it(
      `scores a wrong completion below the maximum of ${metric}`,
      async () => {
        const failures: string[] = [];
        for (const { instance, rendered } of await renderChecked()) {
          const value = await scoreMainMetric(benchmark, instance, rendered, WRONG_COMPLETION);
          if (isMaximumScore(value)) failures.push(instance.id);
        }
        expect(failures, `instances where ${JSON.stringify(WRONG_COMPLETION)} scored ${metric} = 1`).toEqual(
          [],
        );
      },
      options.timeoutMs,
    );
  });
}
