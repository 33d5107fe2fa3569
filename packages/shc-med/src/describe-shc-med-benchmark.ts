import { join } from 'node:path';
import { checkPromptVectors } from '@medhelm/conformance';
import { type BenchmarkV1, type MedHelmCategory, type MedHelmPluginV1, renderPrompt } from '@medhelm/core';
import { helmExactMatchMetricSpecs } from '@medhelm/metrics';
import {
  createSampleLoadContext,
  describeBenchmarkContract,
  describeBenchmarkDescription,
  describeMedhelmReferenceEntry,
  findFidelityDirectory,
  loadBenchmarkInstances,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';

/** What {@link describeShcMedBenchmark} checks an SHC benchmark plugin against, as literals. */
export interface ShcMedBenchmarkExpectations {
  /** Absolute path of the plugin's package.json. */
  packageJsonPath: string;
  /** The package's `plugin` export. */
  plugin: MedHelmPluginV1;
  /** MedHELM's names for the benchmark and HELM's scenario class (full Python path). */
  description: {
    id: string;
    displayName: string;
    category: MedHelmCategory;
    subcategory: string;
    scenarioClassName: string;
  };
  /**
   * What HELM's scenario makes of the package's bundled fixture, whose contexts name a
   * "Fictional patient <Name>": each instance's patient and correct letter, in order; the
   * references' texts; the first instance's whole prompt.
   */
  fixture: {
    instances: ReadonlyArray<readonly [string, string]>;
    choices: readonly string[];
    firstPrompt: string;
  };
  /** How many lines `conformance-gated-private/prompts/<id>.jsonl` of the bundled vectors has: all must pass. */
  conformanceLines: number;
}

/**
 * The test suites of one SHC benchmark plugin: the benchmark contract (`@medhelm/testing`, on the
 * bundled fixture), its description as MedHELM and HELM give it (private, the exact-match family,
 * HELM's scenario), its entry in the MedHELM reference, the fixture's instances and first prompt,
 * and HELM's prompt vectors made from the project's synthetic file (bundled in the repository,
 * `findFidelityDirectory`), byte for byte. Call it at the top level of the plugin's test file.
 */
export function describeShcMedBenchmark(benchmark: BenchmarkV1, expected: ShcMedBenchmarkExpectations): void {
  const { id, displayName, category, subcategory, scenarioClassName } = expected.description;
  describeBenchmarkContract(benchmark, {
    packageJsonPath: expected.packageJsonPath,
    plugin: expected.plugin,
    loadContext: createSampleLoadContext(),
  });

  describeBenchmarkDescription(benchmark, {
    fields: {
      id,
      displayName,
      category,
      subcategory,
      access: 'private',
      mainMetric: { name: 'exact_match', split: 'test' },
    },
    normalizers: ['multiple_choice_output_mapping'],
    helm: {
      scenarioClassName,
      scenarioArgs: {},
      scenarioName: id,
      // The tags of every SHC scenario.
      tags: ['knowledge', 'reasoning', 'biomedical'],
      groups: [id],
    },
    metricSpecs: helmExactMatchMetricSpecs(),
  });

  describeMedhelmReferenceEntry(benchmark);

  describe(`${id}: the synthetic fixture, read as HELM reads it`, () => {
    it("gives one instance per distinct prompt, HELM's label for each", async () => {
      const instances = await loadBenchmarkInstances(benchmark);
      const labelled = instances.map((instance) => [
        /Fictional patient (\w+)/.exec(instance.input.text)?.[1],
        instance.references.find((reference) => reference.tags.includes('correct'))?.output.text,
      ]);
      expect(labelled).toEqual(expected.fixture.instances);
      for (const instance of instances) {
        expect(instance.references.map((reference) => reference.output.text)).toEqual(
          expected.fixture.choices,
        );
      }
    });

    it("renders HELM's prompt, line breaks inside the quoted note read as LF", async () => {
      const [first] = await loadBenchmarkInstances(benchmark);
      if (first === undefined) throw new Error(`${id}: the fixture gives no instance`);
      expect(renderPrompt(benchmark.prompt, first).request.prompt).toBe(expected.fixture.firstPrompt);
    });
  });

  const vectorsFile = join('conformance-gated-private', 'prompts', `${id}.jsonl`);
  const fidelityDirectory = findFidelityDirectory([vectorsFile, join('data', id)]);
  describe.skipIf(fidelityDirectory === undefined)(
    `${id} against HELM (synthetic data in the real format)`,
    () => {
      it('renders every prompt HELM built from the shared file, byte for byte, in HELM order', async () => {
        const root = fidelityDirectory ?? '';
        const result = await checkPromptVectors(benchmark, {
          vectorsFile: join(root, vectorsFile),
          dataDirectory: join(root, 'data', id),
        });
        expect(result.failures).toEqual([]);
        expect(result.passed).toBe(expected.conformanceLines);
      });
    },
  );
}
