import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { juryContractOptions } from '@medhelm/jury';
import {
  createSampleLoadContext,
  describeBenchmarkContract,
  describeBenchmarkDescription,
  medhelmJuryRunSpec,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createChwCarePlanBenchmark } from './chw-care-plan-benchmark.ts';
import { chwCarePlanPromptText } from './chw-care-plan-dataset.ts';
import { chwCarePlanJuryRubric } from './chw-care-plan-jury-rubric.ts';
import { chwCarePlanBenchmark, plugin } from './index.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');
// HELM's source, where this machine has a checkout (the strings below are checked against it).
const helmBenchmark = join(process.env.HELM_SRC ?? '/work/helm-src', 'src', 'helm', 'benchmark');

describeBenchmarkContract(createChwCarePlanBenchmark(), {
  ...juryContractOptions(chwCarePlanJuryRubric),
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
});

describe('the chw_care_plan benchmark', () => {
  it('describes itself as MedHELM does, private', () => {
    expect(chwCarePlanBenchmark).toMatchObject({
      id: 'chw_care_plan',
      displayName: 'NoteExtract',
      category: 'Clinical Note Generation',
      subcategory: 'Documenting Care Plans',
      access: 'private',
      normalizers: [],
      mainMetric: { name: 'chw_care_plan_accuracy', split: 'test' },
    });
    expect(chwCarePlanBenchmark.dataset.access).toBe('private');
    expect(chwCarePlanBenchmark.helm).toMatchObject({
      scenarioClassName: 'helm.benchmark.scenarios.chw_care_plan_scenario.CHWCarePlanScenario',
      scenarioName: 'chw_care_plan',
      tags: ['question_answering', 'biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/chw_care_plan_scenario.py',
      groups: ['clinical', 'chw_care_plan'],
    });
    // The leaderboard's run entries are the bare benchmark (with data_path and the model).
    expect(chwCarePlanBenchmark.leaderboardRunEntries).toBeUndefined();
    expect(chwCarePlanBenchmark.arguments).toBeUndefined();
  });

  it('asks for one structured note of at most 768 tokens at temperature 0, with empty ": " labels', () => {
    expect(chwCarePlanBenchmark.prompt.adapterSpec).toMatchObject({
      method: 'generation',
      instructions:
        'Follow the instructions provided regarding conversion of a patient note into a specified format.\n',
      input_prefix: ': ',
      input_suffix: '\n',
      output_prefix: ': ',
      max_tokens: 768,
      max_train_instances: 0,
      temperature: 0,
      num_outputs: 1,
      stop_sequences: [],
    });
  });

  it('judges accuracy, structure and clarity, without a gold response', () => {
    expect(Object.keys(chwCarePlanJuryRubric.criteria)).toEqual(['accuracy', 'structure', 'clarity']);
    expect(chwCarePlanJuryRubric.promptTemplate).not.toContain('{GOLD_RESPONSE}');
    expect(chwCarePlanJuryRubric.metricName).toBe('chw_care_plan_accuracy');
    expect(chwCarePlanJuryRubric.defaultScore).toBe(1);
  });
});

describeBenchmarkDescription(chwCarePlanBenchmark, {
  fields: { id: 'chw_care_plan', mainMetric: { name: 'chw_care_plan_accuracy', split: 'test' } },
  normalizers: [],
  annotators: ['chw_care_plan'],
  helm: { scenarioName: 'chw_care_plan', groups: ['clinical', 'chw_care_plan'] },
  ...medhelmJuryRunSpec(
    'chw_care_plan',
    'helm.benchmark.annotation.chw_care_plan_annotator.CHWCarePlanAnnotator',
  ),
});

describe.skipIf(!existsSync(helmBenchmark))("the chw_care_plan strings against HELM's source", () => {
  const pythonLiterals = (source: string) =>
    (source.match(/"(?:[^"\\]|\\.)*"/g) ?? []).map((literal) => JSON.parse(literal) as string).join('');

  it("are the scenario's description, prompt text and the annotator's PROMPT_TEMPLATE, verbatim", () => {
    const scenario = readFileSync(join(helmBenchmark, 'scenarios', 'chw_care_plan_scenario.py'), 'utf8');
    const start = scenario.indexOf('    description = (');
    expect(pythonLiterals(scenario.slice(start, scenario.indexOf('\n    )', start)))).toBe(
      chwCarePlanBenchmark.helm.scenarioDescription,
    );
    // The f-string, its backslash continuations joined as Python joins them.
    const prompt = scenario.slice(
      scenario.indexOf('prompt = f"""') + 'prompt = f"""'.length,
      scenario.indexOf('"""\n    return prompt'),
    );
    expect(prompt.replaceAll('\\\n', '').replace('{clinical_note}', '<NOTE>')).toBe(
      chwCarePlanPromptText('<NOTE>'),
    );
    const annotator = readFileSync(join(helmBenchmark, 'annotation', 'chw_care_plan_annotator.py'), 'utf8');
    const body = annotator.slice(
      annotator.indexOf('PROMPT_TEMPLATE = """') + 'PROMPT_TEMPLATE = """'.length,
      annotator.indexOf('"""\n\nANNOTATION_CRITERIA'),
    );
    expect(body.replaceAll('\\"', '"')).toBe(chwCarePlanJuryRubric.promptTemplate);
  });

  it("are the run spec's instructions", () => {
    const runSpecs = readFileSync(join(helmBenchmark, 'run_specs', 'medhelm_run_specs.py'), 'utf8');
    const start = runSpecs.indexOf('def get_chw_care_plan_run_spec');
    const instructions = runSpecs.slice(
      runSpecs.indexOf('instructions=(', start),
      runSpecs.indexOf('),', start),
    );
    expect(`${pythonLiterals(instructions)}\n`).toBe(chwCarePlanBenchmark.prompt.adapterSpec.instructions);
  });
});
