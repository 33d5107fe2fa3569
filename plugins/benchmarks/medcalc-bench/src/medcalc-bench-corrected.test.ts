import { join } from 'node:path';
import { benchmarkMetricSpecs, type IdentifiedInstance } from '@medhelm/core';
import { helmExactMatchMetricSpecs } from '@medhelm/metrics';
import { findFidelityDirectory, loadBenchmarkInstances, scoreWithEveryScorer } from '@medhelm/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMedcalcBenchBenchmark } from './medcalc-bench-benchmark.ts';

const benchmark = createMedcalcBenchBenchmark();
const fidelityDirectory = findFidelityDirectory(['data/medcalc_bench']);
const sharedData = join(fidelityDirectory ?? '', 'data', 'medcalc_bench');

/** HELM's and our corrected accuracy of one completion, every scorer run as the engine runs them. */
async function accuracies(instance: IdentifiedInstance, completion: string) {
  const values = await scoreWithEveryScorer(benchmark, instance, completion);
  return { helm: values.medcalc_bench_accuracy, corrected: values.medcalc_bench_accuracy_corrected };
}

const gold = (instance: IdentifiedInstance) => instance.references[0]?.output.text ?? '';
const category = (instance: IdentifiedInstance) => String(instance.extraData?.category);

describe('medcalc_bench_accuracy_corrected in the benchmark', () => {
  it('is reported beside the HELM headline, without touching run_spec.json metric_specs', () => {
    expect(benchmark.mainMetric).toEqual({ name: 'medcalc_bench_accuracy', split: 'test' });
    expect(benchmark.correctedMetric).toEqual({ name: 'medcalc_bench_accuracy_corrected', split: 'test' });
    const corrected = benchmark.scorers.find((scorer) =>
      scorer.statNames.includes('medcalc_bench_accuracy_corrected'),
    );
    expect(corrected?.helmMetricSpecs).toBeUndefined();
    expect(benchmarkMetricSpecs(benchmark)).toEqual([
      { class_name: 'helm.benchmark.metrics.medcalc_bench_metrics.MedCalcBenchMetric', args: {} },
      ...helmExactMatchMetricSpecs(),
    ]);
  });
});

describe('medcalc_bench_accuracy_corrected on the bundled sample', () => {
  let instances: IdentifiedInstance[];
  beforeAll(async () => {
    instances = await loadBenchmarkInstances(benchmark);
  });

  it('scores the gold answer of every lab row 1, where HELM scores it 0', async () => {
    const lab = instances.filter((instance) => category(instance) === 'lab');
    // Calculators 2, 3, 7 and 9, three rows each.
    expect(lab).toHaveLength(12);
    for (const instance of lab) {
      expect(await accuracies(instance, gold(instance)), `row ${instance.id}`).toEqual({
        helm: 0,
        corrected: 1,
      });
    }
  });

  it('checks a lab answer against the range of its row (Row 2: Cockcroft-Gault 38, range 36.1 to 39.9)', async () => {
    const row = instances.find((instance) => instance.id === '2') as IdentifiedInstance;
    expect(gold(row)).toBe('38');
    expect(row.extraData).toMatchObject({ category: 'lab', lower_limit: '36.1', upper_limit: '39.9' });
    expect(await accuracies(row, '36.1')).toEqual({ helm: 0, corrected: 1 });
    expect(await accuracies(row, '39.9')).toEqual({ helm: 0, corrected: 1 });
    expect(await accuracies(row, '40')).toEqual({ helm: 0, corrected: 0 });
    expect(await accuracies(row, '38 mL/min')).toEqual({ helm: 0, corrected: 0 });
  });

  it('agrees with HELM on the physical and risk rows', async () => {
    for (const instance of instances.filter((row) => ['physical', 'risk'].includes(category(row)))) {
      expect(await accuracies(instance, gold(instance)), `row ${instance.id}`).toEqual({
        helm: 1,
        corrected: 1,
      });
      expect(await accuracies(instance, '-1'), `row ${instance.id}`).toEqual({ helm: 0, corrected: 0 });
    }
  });
});

describe.skipIf(fidelityDirectory === undefined)(
  'medcalc_bench_accuracy_corrected on the shared 164-row sample',
  () => {
    let instances: IdentifiedInstance[];
    beforeAll(async () => {
      instances = await loadBenchmarkInstances(benchmark, { dataDirectory: sharedData });
    });

    it('scores the gold answer of all 56 lab and 6 dosage rows 1, where HELM scores them 0', async () => {
      const rows = instances.filter((instance) => ['lab', 'dosage'].includes(category(instance)));
      expect(rows.filter((instance) => category(instance) === 'lab')).toHaveLength(56);
      expect(rows.filter((instance) => category(instance) === 'dosage')).toHaveLength(6);
      for (const instance of rows) {
        expect(await accuracies(instance, gold(instance)), `row ${instance.id}`).toEqual({
          helm: 0,
          corrected: 1,
        });
      }
    });

    it('checks a dosage answer against its range (Row 948: steroid conversion 53.093, range 50.43835 to 55.74765)', async () => {
      const row = instances.find((instance) => instance.id === '948') as IdentifiedInstance;
      expect(gold(row)).toBe('53.093');
      expect(row.extraData).toMatchObject({
        category: 'dosage',
        lower_limit: '50.43835',
        upper_limit: '55.74765',
      });
      expect(await accuracies(row, '55')).toEqual({ helm: 0, corrected: 1 });
      expect(await accuracies(row, '56')).toEqual({ helm: 0, corrected: 0 });
    });

    it('scores the gold answer of every row 1, so a perfect model reaches 1.0 (HELM: 102/164)', async () => {
      expect(instances).toHaveLength(164);
      let helmTotal = 0;
      for (const instance of instances) {
        const { helm, corrected } = await accuracies(instance, gold(instance));
        expect(corrected, `row ${instance.id}`).toBe(1);
        helmTotal += Number(helm);
      }
      // 164 rows less the 56 lab and 6 dosage rows HELM cannot score.
      expect(helmTotal).toBe(102);
    });

    it('compares gestational ages as (weeks, days), as the MedCalc-Bench authors do (Row 1029)', async () => {
      const row = instances.find((instance) => instance.id === '1029') as IdentifiedInstance;
      expect(gold(row)).toBe("('14 weeks', '1 days')");
      // 13 weeks 8 days is 99 days like 14 weeks 1 day: HELM counts days, the authors compare the pair.
      expect(await accuracies(row, "('13 weeks', '8 days')")).toEqual({ helm: 1, corrected: 0 });
      // The authors' evaluation reads the pair in other spellings too; HELM needs its exact tuple.
      expect(await accuracies(row, '(14, 1)')).toEqual({ helm: 0, corrected: 1 });
      expect(await accuracies(row, '14 weeks, 1 day')).toEqual({ helm: 0, corrected: 1 });
    });

    it('compares due dates as days (Row 928: 09/23/2014)', async () => {
      const row = instances.find((instance) => instance.id === '928') as IdentifiedInstance;
      expect(gold(row)).toBe('09/23/2014');
      expect(await accuracies(row, '9/23/2014')).toEqual({ helm: 1, corrected: 1 });
      expect(await accuracies(row, '09/23/2014.')).toEqual({ helm: 0, corrected: 1 });
      expect(await accuracies(row, '09/22/2014')).toEqual({ helm: 0, corrected: 0 });
    });
  },
);
