import { join } from 'node:path';
import {
  type IdentifiedInstance,
  MedHelmError,
  reference,
  type ScoreInputV1,
  ScoringError,
} from '@medhelm/core';
import { findFidelityDirectory, readConformanceVectors } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { medcalcBenchAccuracy, medcalcBenchAccuracyScorer } from './medcalc-bench-accuracy.ts';

// HELM's vectors, bundled in the repository (@medhelm/fidelity-vectors), so they run on a fresh clone.
const fidelityDirectory = findFidelityDirectory(['conformance/medcalc_bench.jsonl']);
const vectors =
  fidelityDirectory === undefined
    ? []
    : readConformanceVectors(join(fidelityDirectory, 'conformance', 'medcalc_bench.jsonl'));

const physical = { category: 'physical', lower_limit: '68.875', upper_limit: '76.125' };

function scoreInput(completion: string, instance: Partial<IdentifiedInstance>): ScoreInputV1 {
  return {
    instance: { id: 'id7', input: { text: 'note' }, references: [], split: 'test', ...instance },
    request: {
      prompt: 'note',
      temperature: 0,
      maxTokens: 10,
      stopSequences: [],
      numCompletions: 1,
      topKPerToken: 1,
      topP: 1,
      presencePenalty: 0,
      frequencyPenalty: 0,
    },
    result: {
      completions: [{ text: completion, finishReason: 'stop' }],
      usage: { promptTokens: 10, completionTokens: 2 },
      requestTimeSeconds: 0.5,
    },
    completion,
    prediction: completion,
    numTrainInstances: 0,
    promptTruncated: false,
  };
}

describe('medcalcBenchAccuracy', () => {
  it('compares risk/severity/diagnosis answers exactly, stripping only the completion', () => {
    expect(medcalcBenchAccuracy(' 3\n', '3', { category: 'risk' })).toBe(1);
    expect(medcalcBenchAccuracy('3', '3 ', { category: 'severity' })).toBe(0);
  });

  it('checks numeric bounds with Python float() rules', () => {
    expect(medcalcBenchAccuracy('7_2', '72.5', physical)).toBe(1);
    expect(medcalcBenchAccuracy('\u0667\u0665', '72.5', physical)).toBe(1);
    expect(medcalcBenchAccuracy('72,5', '72.5', physical)).toBe(0);
    expect(
      medcalcBenchAccuracy('40', '40', { category: 'dosage conversion', lower_limit: 38, upper_limit: 42 }),
    ).toBe(1);
  });

  it('scores 0 for categories HELM does not know, whatever the case', () => {
    expect(medcalcBenchAccuracy('12.3', '12.3', { ...physical, category: 'lab' })).toBe(0);
    expect(medcalcBenchAccuracy('72.5', '72.5', { ...physical, category: 'Physical' })).toBe(0);
  });

  it('throws ScoringError where HELM raises instead of catching', () => {
    expect(() => medcalcBenchAccuracy('1', '1', {})).toThrow(ScoringError);
    expect(() => medcalcBenchAccuracy('72', '72.5', { category: 'physical', upper_limit: '76' })).toThrow(
      /KeyError/,
    );
    expect(() => medcalcBenchAccuracy('72', '72.5', { ...physical, lower_limit: null })).toThrow(/TypeError/);
    expect(() =>
      medcalcBenchAccuracy('01/02/2023', '01/02/2023', {
        category: 'date',
        lower_limit: '01/01/2023',
        upper_limit: 20230103,
      }),
    ).toThrow(ScoringError);
  });

  it("follows HELM's order: an unparsable completion scores 0 before a broken limit is read", () => {
    const brokenLower = { category: 'date', lower_limit: 7, upper_limit: '01/03/2023' };
    expect(medcalcBenchAccuracy('soon', '01/02/2023', brokenLower)).toBe(0);
    expect(() => medcalcBenchAccuracy('01/02/2023', '01/02/2023', brokenLower)).toThrow(ScoringError);
    // The float branch reads the limits first, so there the broken limit wins.
    expect(() => medcalcBenchAccuracy('soon', '72.5', { ...physical, lower_limit: null })).toThrow(
      ScoringError,
    );
  });

  it('compares gestational ages in days and allows trailing text after the tuple', () => {
    const limits = {
      category: 'date',
      lower_limit: "('14 weeks', '2 days')",
      upper_limit: "('14 weeks', '2 days') x",
    };
    expect(medcalcBenchAccuracy("('13 weeks', '9 days') or so", "('14 weeks', '2 days')", limits)).toBe(1);
    expect(medcalcBenchAccuracy("('13 weeks', '8 days')", "('14 weeks', '2 days')", limits)).toBe(0);
  });
});

describe('medcalcBenchAccuracyScorer', () => {
  const scorer = medcalcBenchAccuracyScorer();

  it("describes itself as HELM's MedCalcBenchMetric", () => {
    expect(scorer.id).toBe('medcalc_bench_accuracy');
    expect(scorer.statNames).toEqual(['medcalc_bench_accuracy']);
    expect(scorer.helmMetricSpecs).toEqual([
      { class_name: 'helm.benchmark.metrics.medcalc_bench_metrics.MedCalcBenchMetric', args: {} },
    ]);
  });

  it('scores the raw first completion against the first reference with the extra data', () => {
    const instance = { references: [reference('72.5', true)], extraData: physical };
    expect(scorer.score(scoreInput(' 70 ', instance))).toEqual({ medcalc_bench_accuracy: 1 });
    expect(scorer.score(scoreInput('80', instance))).toEqual({ medcalc_bench_accuracy: 0 });
  });

  it('returns no stat without references and throws without extra data, as HELM', () => {
    expect(scorer.score(scoreInput('70', { extraData: physical }))).toEqual({});
    const error = (() => {
      try {
        scorer.score(scoreInput('70', { references: [reference('72.5', true)], extraData: {} }));
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ScoringError);
    expect(MedHelmError.isInstance(error)).toBe(true);
  });
});

describe.skipIf(fidelityDirectory === undefined)(
  'medcalcBenchAccuracy conformance (medcalc_bench.jsonl)',
  () => {
    it.each(vectors.map((vector) => [vector.line, vector] as const))('line %i', (_line, vector) => {
      const [gold] = vector.references;
      const run = () => medcalcBenchAccuracy(vector.prediction as string, gold as string, vector.extra);
      if ('__raises__' in vector.expected) {
        expect(run).toThrow(ScoringError);
      } else {
        expect(run()).toBe(vector.expected.medcalc_bench_accuracy);
      }
    });
  },
);
