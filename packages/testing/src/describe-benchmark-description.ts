import {
  type BenchmarkV1,
  benchmarkAnnotatorSpecs,
  benchmarkMetricSpecs,
  type HelmObjectSpec,
  type HelmScenarioDescriptionV1,
} from '@medhelm/core';
import { describe, expect, it } from 'vitest';

/** What {@link describeBenchmarkDescription} checks a benchmark against: MedHELM's and HELM's description of it. */
export interface BenchmarkDescription {
  /** Fields the benchmark must have as given (id, displayName, category, access, mainMetric, ...). */
  fields: Partial<
    Pick<
      BenchmarkV1,
      | 'id'
      | 'displayName'
      | 'description'
      | 'category'
      | 'subcategory'
      | 'access'
      | 'license'
      | 'mainMetric'
      | 'correctedMetric'
    >
  >;
  /** The ids of its normalizers, in order (default: not checked). */
  normalizers?: readonly string[];
  /** The ids of its annotators, in order (default: none). */
  annotators?: readonly string[];
  /** Fields its HELM scenario and run spec description must have as given. */
  helm: Partial<HelmScenarioDescriptionV1>;
  /** run_spec.json's `metric_specs` exactly as HELM writes them, key order included. */
  metricSpecs: readonly HelmObjectSpec[];
  /** run_spec.json's `annotators` exactly as HELM writes them, key order included (default: none, left out). */
  annotatorSpecs?: readonly HelmObjectSpec[];
}

/**
 * The suite that checks a benchmark describes itself as MedHELM and HELM do: its fields, normalizers
 * and annotators; its HELM scenario; and the `metric_specs` and `annotators` its scorers and
 * annotators bring to run_spec.json (`benchmarkMetricSpecs`, `benchmarkAnnotatorSpecs`), compared
 * as JSON text so that key order counts as it does in HELM's files.
 */
export function describeBenchmarkDescription(benchmark: BenchmarkV1, expected: BenchmarkDescription): void {
  describe(`the ${benchmark.helm.runSpecName ?? benchmark.id} benchmark's description`, () => {
    it('describes itself as MedHELM does', () => {
      expect(benchmark).toMatchObject(expected.fields);
      if (expected.normalizers !== undefined)
        expect(benchmark.normalizers.map((normalizer) => normalizer.id)).toEqual(expected.normalizers);
      expect((benchmark.annotators ?? []).map((annotator) => annotator.id)).toEqual(
        expected.annotators ?? [],
      );
      expect(benchmark.helm).toMatchObject(expected.helm);
    });

    it("brings HELM's metric_specs, in HELM's order, from its scorers", () => {
      expect(JSON.stringify(benchmarkMetricSpecs(benchmark), null, 2)).toBe(
        JSON.stringify(expected.metricSpecs, null, 2),
      );
    });

    it("brings HELM's annotators, from its annotators and scorers", () => {
      expect(JSON.stringify(benchmarkAnnotatorSpecs(benchmark), null, 2)).toBe(
        JSON.stringify(expected.annotatorSpecs ?? [], null, 2),
      );
    });
  });
}
