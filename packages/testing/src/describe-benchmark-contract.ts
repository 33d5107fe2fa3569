import { readFileSync } from 'node:fs';
import {
  type BenchmarkV1,
  type DatasetLoadContextV1,
  type IdentifiedInstance,
  type MedHelmPluginV1,
  pluginContributionProblems,
  type RenderedPromptV1,
} from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import {
  checkBenchmarkManifest,
  checkSpecificationVersions,
  evaluatedInstances,
  isMaximumScore,
  loadContractInstances,
  MAIN_METRIC_MAXIMUM,
  oracleCompletion,
  renderContractPrompt,
  scoreMainMetric,
  simulatedJuryAnnotations,
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
  /**
   * A completion that must score below the maximum for `instance` (default: a string that answers
   * nothing). For benchmarks where any non-answer is itself an answer, e.g. MEDEC, where every
   * reply but `CORRECT` says "this note has an error".
   */
  wrongCompletion?: (instance: IdentifiedInstance) => string;
  /** The package's `plugin` export: checked to register exactly this benchmark under the package name. */
  plugin?: MedHelmPluginV1;
  /**
   * For benchmarks scored by an LLM jury (an annotator with `needsJudges`), which the suite cannot
   * call: the annotation the jury would file for the oracle (`best`) and the wrong completion
   * (`worst`). It reaches scorers under each such annotator's id. Jury plugins pass
   * `...juryContractOptions(rubric)` from @medhelm/jury (which also sets `mainMetricMaximum`).
   */
  juryAnnotations?: (quality: 'best' | 'worst') => unknown;
  /** The main metric's maximum, which the oracle must reach and the wrong completion miss (default 1). */
  mainMetricMaximum?: number;
}

/**
 * The vitest suite every benchmark plugin runs against itself:
 *
 * 1. the package.json `medhelm` manifest is readable without importing the package and lists the benchmark;
 * 2. the benchmark and each of its parts declare specification version `v1`;
 * 3. the loader yields valid instances, each evaluated one with a `correct` reference;
 * 4. prompts render into valid requests for the first `maxInstances` evaluated instances;
 * 5. an oracle completion (the gold answer, or its letter) scores the main metric at its maximum, 1
 *    or `mainMetricMaximum` (scorers get the load context's `resolveFile`, as the engine gives them
 *    the run's; for a jury benchmark, the `juryAnnotations('best')` verdict as its annotation);
 * 6. a wrong completion scores the main metric below the maximum (jury: `juryAnnotations('worst')`);
 * 7. with `plugin`, the plugin is named after the package and registers exactly this benchmark;
 * 8. each opt-in variant applies: the benchmark it gives keeps the id and version, is well formed,
 *    and an oracle completion still scores its main metric at the maximum.
 *
 * Call it at the top level of a test file:
 * `describeBenchmarkContract(pubmedQa, { packageJsonPath, loadContext: createSampleLoadContext() })`.
 */
export function describeBenchmarkContract(benchmark: BenchmarkV1, options: BenchmarkContractOptions): void {
  const maxInstances = options.maxInstances ?? 20;
  const metric = benchmark.mainMetric.name;
  const maximum = options.mainMetricMaximum ?? MAIN_METRIC_MAXIMUM;
  const juryAnnotations = (quality: 'best' | 'worst') =>
    simulatedJuryAnnotations(benchmark, options.juryAnnotations?.(quality));

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

    it('is well formed as the runner checks it at registration (pluginContributionProblems)', () => {
      expect(pluginContributionProblems('benchmark', benchmark)).toEqual([]);
    });

    it('uses a supported specification version for the benchmark and each of its parts', () => {
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
        const annotations = juryAnnotations('best');
        const oracleChecked = (await renderChecked()).filter(
          ({ instance }) => options.oracleReachesMaximum?.(instance) ?? true,
        );
        expect(oracleChecked.length, 'instances left for the oracle check').toBeGreaterThan(0);
        for (const { instance, rendered } of oracleChecked) {
          const completion = oracleCompletion(instance, rendered);
          const value = await scoreMainMetric(
            benchmark,
            instance,
            rendered,
            completion,
            options.loadContext.resolveFile,
            annotations,
          );
          if (!isMaximumScore(value, maximum)) {
            failures.push(
              `${instance.id}: ${JSON.stringify(completion)} scored ${String(value ?? 'no stat')}`,
            );
          }
        }
        expect(failures, `oracle completions that did not score ${metric} = ${maximum}`).toEqual([]);
      },
      options.timeoutMs,
    );

    it(
      `scores a wrong completion below the maximum of ${metric}`,
      async () => {
        const failures: string[] = [];
        const annotations = juryAnnotations('worst');
        for (const { instance, rendered } of await renderChecked()) {
          const completion = options.wrongCompletion?.(instance) ?? WRONG_COMPLETION;
          const value = await scoreMainMetric(
            benchmark,
            instance,
            rendered,
            completion,
            options.loadContext.resolveFile,
            annotations,
          );
          if (isMaximumScore(value, maximum)) failures.push(`${instance.id}: ${JSON.stringify(completion)}`);
        }
        expect(failures, `wrong completions that scored ${metric} = ${maximum}`).toEqual([]);
      },
      options.timeoutMs,
    );

    for (const variant of benchmark.variants ?? []) {
      it(
        `applies its variant "${variant.name}" (same id and version, well formed, oracle at the maximum)`,
        async () => {
          const applied = variant.apply(benchmark);
          expect([applied.id, applied.version]).toEqual([benchmark.id, benchmark.version]);
          expect(pluginContributionProblems('benchmark', applied)).toEqual([]);
          const instances = await loadContractInstances(applied, options.loadContext);
          const annotations = simulatedJuryAnnotations(applied, options.juryAnnotations?.('best'));
          const failures: string[] = [];
          for (const instance of evaluatedInstances(applied, instances).slice(0, maxInstances)) {
            if (!(options.oracleReachesMaximum?.(instance) ?? true)) continue;
            const rendered = renderContractPrompt(applied, instance);
            const completion = oracleCompletion(instance, rendered);
            const value = await scoreMainMetric(
              applied,
              instance,
              rendered,
              completion,
              options.loadContext.resolveFile,
              annotations,
            );
            if (!isMaximumScore(value, maximum)) {
              failures.push(
                `${instance.id}: ${JSON.stringify(completion)} scored ${String(value ?? 'no stat')}`,
              );
            }
          }
          expect(failures, `oracle completions under "${variant.name}" below the maximum`).toEqual([]);
        },
        options.timeoutMs,
      );
    }

    const { plugin } = options;
    if (plugin !== undefined) {
      it('has a plugin named after the package that registers exactly this benchmark', async () => {
        const packageJson = JSON.parse(readFileSync(options.packageJsonPath, 'utf8')) as { name?: unknown };
        expect(plugin.name).toBe(packageJson.name);
        expect(plugin.kind).toBe('benchmark');
        expect(plugin.specificationVersion).toBe('v1');
        const registered: string[] = [];
        await plugin.register({
          registerBenchmark: (registeredBenchmark) => registered.push(`benchmark ${registeredBenchmark.id}`),
          registerProvider: (provider) => registered.push(`provider ${provider.id}`),
          registerScorer: (scorer) => registered.push(`scorer ${scorer.id}`),
          registerNormalizer: (normalizer) => registered.push(`normalizer ${normalizer.id}`),
        });
        expect(registered).toEqual([`benchmark ${benchmark.id}`]);
      });
    }
  });
}
