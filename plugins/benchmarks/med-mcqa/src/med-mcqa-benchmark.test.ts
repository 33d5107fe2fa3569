import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { helmExactMatchMetricSpecs } from '@medhelm/metrics';
import {
  createSampleLoadContext,
  describeBenchmarkContract,
  describeBenchmarkDescription,
  findFidelityDirectory,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { medMcqaBenchmark, plugin } from './index.ts';
import { createMedMcqaBenchmark } from './med-mcqa-benchmark.ts';

const fidelityDirectory = findFidelityDirectory(['reference/helm-sample-run']);
const packageJsonPath = join(import.meta.dirname, '..', 'package.json');

describeBenchmarkContract(createMedMcqaBenchmark(), {
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
});

// schema_medhelm.yaml: main_name exact_match, main_split valid (there is no test split).
describeBenchmarkDescription(medMcqaBenchmark, {
  fields: {
    id: 'med_mcqa',
    displayName: 'MedMCQA',
    description:
      'MedMCQA is a multiple-choice question answering (MCQA) dataset designed to address real-world medical entrance exam questions ([Flores et al. 2020](https://arxiv.org/abs/2203.14371)).',
    category: 'Clinical Decision Support',
    subcategory: 'Providing Clinical Knowledge Support',
    access: 'public',
    license: 'MIT',
    mainMetric: { name: 'exact_match', split: 'valid' },
  },
  normalizers: ['multiple_choice_output_mapping'],
  // get_medhelm_med_mcqa_spec, MedMCQAScenario.
  helm: {
    scenarioClassName: 'helm.benchmark.scenarios.med_mcqa_scenario.MedMCQAScenario',
    scenarioArgs: {},
    scenarioName: 'med_mcqa',
    scenarioDescription:
      'MedMCQA is a multiple-choice question answering (MCQA) dataset designed to address real-world medical entrance exam questions.',
    tags: ['question_answering', 'biomedical'],
    definitionPath:
      'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/med_mcqa_scenario.py',
    groups: ['med_mcqa'],
  },
  metricSpecs: helmExactMatchMetricSpecs(),
});

describe('the med_mcqa benchmark', () => {
  it("evaluates HELM's default splits: the run spec sets no eval_splits", () => {
    expect(medMcqaBenchmark.evalSplits).toBeUndefined();
  });
});

describe.skipIf(fidelityDirectory === undefined)("the med_mcqa adapter spec against HELM's output", () => {
  // There is no HELM run of med_mcqa in the shared folder. pubmed_qa's run_spec.json (written by
  // HELM) comes from the same get_multiple_choice_adapter_spec(multiple_choice_joint,
  // input_noun="Question", max_train_instances=0) call; get_medhelm_med_mcqa_spec differs from
  // get_pubmed_qa_spec only in `instructions` and `output_noun` (its explicit max_tokens=1 is the
  // default). So HELM's med_mcqa adapter_spec is pubmed_qa's with those two fields replaced.
  it("is pubmed_qa's HELM adapter_spec with med_mcqa's instructions and output prefix", () => {
    const runDirectory = join(fidelityDirectory ?? '', 'reference', 'helm-sample-run');
    const name = readdirSync(runDirectory).find((entry) => entry.startsWith('pubmed_qa:'));
    expect(name).toBeDefined();
    const runSpec = JSON.parse(readFileSync(join(runDirectory, name ?? '', 'run_spec.json'), 'utf8')) as {
      adapter_spec: Record<string, unknown>;
    };
    const { model: _m, model_deployment: _d, max_eval_instances: _x, ...pubmedQa } = runSpec.adapter_spec;
    const expected = {
      ...pubmedQa,
      instructions:
        'Give a letter answer among A, B, C or D. Do not include any explanation or additional text.\n',
      output_prefix:
        "Respond only with 'A', 'B', 'C' or 'D'. Do not add any other text, punctuation, or symbols.: ",
    };
    const { model: _om, model_deployment: _od, ...ours } = medMcqaBenchmark.prompt.adapterSpec;
    expect(ours).toEqual(expected);
    // Same field order as HELM writes it.
    expect(Object.keys(ours)).toEqual(Object.keys(expected));
  });
});
