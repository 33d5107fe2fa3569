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
import { mentalHealthBenchmark, plugin } from './index.ts';
import { createMentalHealthBenchmark } from './mental-health-benchmark.ts';
import { mentalHealthJuryRubric } from './mental-health-jury-rubric.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');
// HELM's source, where this machine has a checkout (the strings below are checked against it).
const helmBenchmark = join(process.env.HELM_SRC ?? '/work/helm-src', 'src', 'helm', 'benchmark');

describeBenchmarkContract(createMentalHealthBenchmark(), {
  ...juryContractOptions(mentalHealthJuryRubric),
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
});

describe('the mental_health benchmark', () => {
  it('describes itself as MedHELM does, private', () => {
    expect(mentalHealthBenchmark).toMatchObject({
      id: 'mental_health',
      displayName: 'MentalHealth',
      category: 'Patient Communication and Education',
      subcategory: 'Facilitating Patient Engagement and Support',
      access: 'private',
      normalizers: [],
      mainMetric: { name: 'mental_health_accuracy', split: 'test' },
    });
    expect(mentalHealthBenchmark.dataset.access).toBe('private');
    expect(mentalHealthBenchmark.helm).toMatchObject({
      scenarioClassName: 'helm.benchmark.scenarios.mental_health_scenario.MentalHealthScenario',
      scenarioName: 'mental_health',
      tags: ['dialogue', 'counseling', 'mental_health', 'empathy', 'healthcare'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/mental_health_scenario.py',
      groups: ['mental_health'],
    });
    expect(mentalHealthBenchmark.leaderboardRunEntries).toBeUndefined();
    expect(mentalHealthBenchmark.arguments).toBeUndefined();
  });

  it("asks for one reply of at most 512 tokens, no input label, HELM's default of 5 train instances", () => {
    expect(mentalHealthBenchmark.prompt.adapterSpec).toMatchObject({
      method: 'generation',
      input_prefix: '',
      input_suffix: '\n',
      output_prefix: 'Counselor response: ',
      max_tokens: 512,
      // get_mental_health_spec does not pass max_train_instances (the only MedHELM run spec).
      max_train_instances: 5,
      temperature: 0,
      num_outputs: 1,
      stop_sequences: [],
    });
  });
});

describeBenchmarkDescription(mentalHealthBenchmark, {
  fields: { id: 'mental_health', mainMetric: { name: 'mental_health_accuracy', split: 'test' } },
  normalizers: [],
  annotators: ['mental_health'],
  helm: { scenarioName: 'mental_health', groups: ['mental_health'] },
  ...medhelmJuryRunSpec(
    'mental_health',
    'helm.benchmark.annotation.mental_health_annotator.MentalHealthAnnotator',
  ),
});

describe.skipIf(!existsSync(helmBenchmark))("the mental_health strings against HELM's source", () => {
  const pythonLiterals = (source: string) =>
    (source.match(/"(?:[^"\\]|\\.)*"/g) ?? []).map((literal) => JSON.parse(literal) as string).join('');

  it("are the scenario's description, the run spec's instructions and the annotator's PROMPT_TEMPLATE", () => {
    const scenario = readFileSync(join(helmBenchmark, 'scenarios', 'mental_health_scenario.py'), 'utf8');
    const start = scenario.indexOf('    description = (');
    expect(pythonLiterals(scenario.slice(start, scenario.indexOf('\n    )', start)))).toBe(
      mentalHealthBenchmark.helm.scenarioDescription,
    );
    const runSpecs = readFileSync(join(helmBenchmark, 'run_specs', 'medhelm_run_specs.py'), 'utf8');
    const spec = runSpecs.indexOf('def get_mental_health_spec');
    const instructions = runSpecs.slice(
      runSpecs.indexOf('instructions=(', spec),
      runSpecs.indexOf('input_noun', spec),
    );
    expect(`${pythonLiterals(instructions)}\n`).toBe(mentalHealthBenchmark.prompt.adapterSpec.instructions);
    expect(runSpecs.slice(spec, runSpecs.indexOf('annotator_models =', spec))).not.toContain(
      'max_train_instances',
    );
    const annotator = readFileSync(join(helmBenchmark, 'annotation', 'mental_health_annotator.py'), 'utf8');
    const body = annotator.slice(
      annotator.indexOf('PROMPT_TEMPLATE = """') + 'PROMPT_TEMPLATE = """'.length,
      annotator.indexOf('"""\n\nANNOTATION_CRITERIA'),
    );
    expect(body.replaceAll('\\"', '"')).toBe(mentalHealthJuryRubric.promptTemplate);
  });
});
