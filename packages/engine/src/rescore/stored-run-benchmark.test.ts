import { type BenchmarkV1, HELM_ADAPTER_SPEC_DEFAULTS, Registry } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { fakeBenchmark } from '../plan/test-benchmark.ts';
import type { StoredRun } from './read-stored-run.ts';
import { storedRunBenchmark } from './stored-run-benchmark.ts';

/** A benchmark whose HELM scenario class is `className` and whose run names start with `runSpecName`. */
function benchmarkOf(id: string, className: string, runSpecName?: string): BenchmarkV1 {
  const benchmark = fakeBenchmark(id);
  return {
    ...benchmark,
    helm: {
      ...benchmark.helm,
      scenarioClassName: className,
      ...(runSpecName === undefined ? {} : { runSpecName }),
    },
  };
}

function helmRun(runName: string, className: string): StoredRun {
  return {
    directory: `/runs/v2/${runName}`,
    runName,
    scenarioClassName: className,
    adapterSpec: { ...HELM_ADAPTER_SPEC_DEFAULTS, model: 'openai/gpt-4o', model_deployment: 'openai/gpt-4o' },
    groups: [],
    writer: { by: 'helm' },
    states: [],
    leftOut: [],
    scenarioStateSha256: '0'.repeat(64),
  };
}

const DIALOG = 'helm.benchmark.scenarios.med_dialog_scenario.MedDialogScenario';

describe('storedRunBenchmark', () => {
  const benchmarks = new Registry<BenchmarkV1>('benchmark');
  benchmarks.register(
    benchmarkOf('pubmed_qa', 'helm.benchmark.scenarios.pubmed_qa_scenario.PubMedQAScenario'),
  );
  benchmarks.register(benchmarkOf('med_dialog', DIALOG, 'med_dialog:subset=healthcaremagic'));
  benchmarks.register(benchmarkOf('med_dialog_icliniq', DIALOG, 'med_dialog_icliniq'));

  it("finds a HELM-written run's benchmark by its scenario class, and keeps the run name's benchmark arguments", () => {
    expect(
      storedRunBenchmark(
        helmRun(
          'pubmed_qa:model=openai_gpt-4o,model_deployment=openai_gpt-4o',
          'helm.benchmark.scenarios.pubmed_qa_scenario.PubMedQAScenario',
        ),
        benchmarks,
      ),
    ).toEqual({ benchmarkId: 'pubmed_qa', args: [] });
    expect(
      storedRunBenchmark(
        helmRun('med_dialog:subset=healthcaremagic,model=openai_gpt-4o', DIALOG),
        benchmarks,
      ),
    ).toEqual({ benchmarkId: 'med_dialog', args: [['subset', 'healthcaremagic']] });
  });

  it('tells benchmarks of one scenario class apart by the run name prefix', () => {
    expect(
      storedRunBenchmark(helmRun('med_dialog_icliniq:model=openai_gpt-4o', DIALOG), benchmarks).benchmarkId,
    ).toBe('med_dialog_icliniq');
  });

  it('names the directory and the scenario class of a run no installed benchmark reproduces', () => {
    const run = helmRun('gpqa:model=openai_gpt-4o', 'helm.benchmark.scenarios.gpqa_scenario.GPQAScenario');
    expect(() => storedRunBenchmark(run, benchmarks)).toThrow(
      "/runs/v2/gpqa:model=openai_gpt-4o: no installed benchmark reproduces HELM's scenario class helm.benchmark.scenarios.gpqa_scenario.GPQAScenario",
    );
    expect(() => storedRunBenchmark(helmRun('other:model=x', DIALOG), benchmarks)).toThrow(
      `/runs/v2/other:model=x: several installed benchmarks have HELM's scenario class ${DIALOG} (med_dialog, med_dialog_icliniq), and the run name's prefix "other" picks none of them.`,
    );
  });

  it("takes our run's benchmark and variant from medhelm_run.json", () => {
    const ours: StoredRun = {
      ...helmRun('pubmed_qa:variant=quasi,model=baseline_first-option', 'any.Class'),
      writer: { by: 'medhelm', benchmarkId: 'pubmed_qa', variant: 'quasi', invented: true },
    };
    expect(storedRunBenchmark(ours, benchmarks)).toEqual({
      benchmarkId: 'pubmed_qa',
      args: [],
      variant: 'quasi',
    });
  });
});
