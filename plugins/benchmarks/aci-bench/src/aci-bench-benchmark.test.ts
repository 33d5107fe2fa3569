import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { juryContractOptions } from '@medhelm/jury';
import {
  benchmarkScoreInput,
  createSampleLoadContext,
  describeBenchmarkContract,
  describeBenchmarkDescription,
  evaluatedInstances,
  loadContractInstances,
  medhelmJuryRunSpec,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createAciBenchBenchmark } from './aci-bench-benchmark.ts';
import { aciBenchJuryRubric } from './aci-bench-jury-rubric.ts';
import { aciBenchBenchmark, plugin } from './index.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');
// HELM's source, where this machine has a checkout (the strings below are checked against it).
const helmSource = process.env.HELM_SRC ?? '/work/helm-src';
const helmBenchmark = join(helmSource, 'src', 'helm', 'benchmark');

describeBenchmarkContract(createAciBenchBenchmark(), {
  ...juryContractOptions(aciBenchJuryRubric),
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
});

describe('the bundled aci_bench instances', () => {
  it('count the train encounters in the ids but evaluate only the test ones', async () => {
    const benchmark = createAciBenchBenchmark();
    const instances = await loadContractInstances(benchmark, createSampleLoadContext());
    expect(instances).toHaveLength(20);
    expect(evaluatedInstances(benchmark, instances).map((instance) => instance.id)).toEqual(
      Array.from({ length: 15 }, (_, index) => `id${index + 5}`),
    );
  });
});

describe('the aci_bench jury score', () => {
  it("is HELM's LLMJuryMetric on a real encounter: the mean over every answering judge's criteria", async () => {
    const benchmark = createAciBenchBenchmark();
    const instances = await loadContractInstances(benchmark, createSampleLoadContext());
    const [instance] = evaluatedInstances(benchmark, instances);
    if (instance === undefined) throw new Error('no evaluated instance');
    const completion = 'HISTORY OF PRESENT ILLNESS\n\nThe patient presents for follow-up.';
    const verdict = (accuracy: number, completeness: number, clarity: number) => ({
      accuracy: { score: accuracy, explanation: 'a' },
      completeness: { score: completeness, explanation: 'b' },
      clarity: { score: clarity, explanation: 'c' },
    });
    // gpt 5, 4, 3 and llama 4, 4, 4 count; claude's reply was dropped (None): (5+4+3+4+4+4) / 6 = 4.
    const annotation = {
      prompt_text: 'judge prompt',
      gpt: verdict(5, 4, 3),
      llama: verdict(4, 4, 4),
      claude: null,
    };
    const jury = benchmark.scorers.find((scorer) => scorer.id === 'aci_bench_accuracy');
    const values = await jury?.score(
      benchmarkScoreInput(benchmark, instance, completion, { annotations: { aci_bench: annotation } }),
    );
    expect(values?.aci_bench_accuracy).toBe(4);
  });
});

// get_aci_bench_run_spec names its run spec plainly "aci_bench".
describeBenchmarkDescription(aciBenchBenchmark, {
  fields: {
    id: 'aci_bench',
    displayName: 'ACI-Bench',
    category: 'Clinical Note Generation',
    subcategory: 'Documenting Patient Visits',
    access: 'public',
    license: 'CC-BY-4.0',
    mainMetric: { name: 'aci_bench_accuracy', split: 'test' },
  },
  normalizers: [],
  annotators: ['aci_bench'],
  helm: {
    scenarioClassName: 'helm.benchmark.scenarios.aci_bench_scenario.ACIBenchScenario',
    scenarioArgs: {},
    scenarioName: 'aci_bench',
    tags: ['summarization', 'medicine'],
    definitionPath:
      'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/aci_bench_scenario.py',
    groups: ['clinical', 'aci_bench'],
  },
  ...medhelmJuryRunSpec('aci_bench', 'helm.benchmark.annotation.aci_bench_annotator.ACIBenchAnnotator'),
});

describe('the aci_bench benchmark', () => {
  it("keeps HELM's plain run spec name and asks the jury", () => {
    expect(aciBenchBenchmark.helm.runSpecName).toBeUndefined();
    expect(aciBenchBenchmark.annotators?.map((annotator) => annotator.needsJudges)).toEqual([true]);
  });

  it("has HELM's ACIBenchAnnotator rubric", () => {
    expect(aciBenchJuryRubric).toMatchObject({
      name: 'aci_bench',
      criteria: {
        accuracy: ['score', 'explanation'],
        completeness: ['score', 'explanation'],
        clarity: ['score', 'explanation'],
      },
      helmAnnotatorClassName: 'helm.benchmark.annotation.aci_bench_annotator.ACIBenchAnnotator',
      metricName: 'aci_bench_accuracy',
      defaultScore: 1,
    });
  });

  it('asks for one note of at most 768 tokens at temperature 0', () => {
    expect(aciBenchBenchmark.prompt.adapterSpec).toMatchObject({
      method: 'generation',
      input_prefix: 'Conversation: ',
      output_prefix: 'Clinical Note: ',
      max_tokens: 768,
      max_train_instances: 0,
      temperature: 0,
      num_outputs: 1,
      stop_sequences: [],
    });
  });
});

describe.skipIf(!existsSync(helmBenchmark))("the aci_bench strings against HELM's source", () => {
  it("are the scenario's description and the annotator's PROMPT_TEMPLATE, verbatim", () => {
    const scenario = readFileSync(join(helmBenchmark, 'scenarios', 'aci_bench_scenario.py'), 'utf8');
    const start = scenario.indexOf('    description = (');
    const literals =
      scenario.slice(start, scenario.indexOf('\n    )', start)).match(/"(?:[^"\\]|\\.)*"/g) ?? [];
    expect(literals.map((literal) => JSON.parse(literal) as string).join('')).toBe(
      aciBenchBenchmark.helm.scenarioDescription,
    );

    const annotator = readFileSync(join(helmBenchmark, 'annotation', 'aci_bench_annotator.py'), 'utf8');
    const body = annotator.slice(
      annotator.indexOf('PROMPT_TEMPLATE = """') + 'PROMPT_TEMPLATE = """'.length,
      annotator.indexOf('"""\n\nANNOTATION_CRITERIA'),
    );
    // The literal's only escape is \" (a plain " once Python evaluates it).
    expect(body.replaceAll('\\"', '"')).toBe(aciBenchJuryRubric.promptTemplate);
  });
});
