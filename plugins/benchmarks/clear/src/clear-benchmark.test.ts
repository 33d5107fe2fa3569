import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { helmExactMatchMetricSpecs } from '@medhelm/metrics';
import {
  createSampleLoadContext,
  describeBenchmarkContract,
  describeBenchmarkDescription,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import {
  CLEAR_LEADERBOARD_RUN_ENTRIES,
  clearArgumentsSchema,
  clearInstructions,
  createClearBenchmark,
} from './clear-benchmark.ts';
import { CLEAR_CONDITION_TEXT, CLEAR_CONDITIONS } from './clear-conditions.ts';
import { clearBenchmark, plugin } from './index.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');
// HELM's source, where this machine has a checkout (the strings below are checked against it).
const helmBenchmark = join(process.env.HELM_SRC ?? '/work/helm-src', 'src', 'helm', 'benchmark');

// The contract on two conditions' fixtures: the default (labels 1, 0, 2) and one spelled out
// differently in the instructions and the options (PTSD).
for (const condition of ['alcohol_dependence', 'post_traumatic_stress_disorder'] as const) {
  describeBenchmarkContract(createClearBenchmark(condition), {
    packageJsonPath,
    plugin,
    loadContext: createSampleLoadContext(),
  });
}

describe('the clear benchmark', () => {
  it('describes itself as MedHELM does, private, named per condition as CLEARScenario names itself', () => {
    expect(clearBenchmark).toMatchObject({
      id: 'clear',
      displayName: 'CLEAR',
      category: 'Clinical Decision Support',
      subcategory: 'Supporting Diagnostic Decisions',
      access: 'private',
      mainMetric: { name: 'exact_match', split: 'test' },
    });
    expect(createClearBenchmark('post_traumatic_stress_disorder').helm).toMatchObject({
      scenarioClassName: 'helm.benchmark.scenarios.clear_scenario.CLEARScenario',
      runSpecName: 'clear:condition=post_traumatic_stress_disorder',
      scenarioArgs: { condition: 'post_traumatic_stress_disorder' },
      scenarioName: 'clear_post_traumatic_stress_disorder',
      tags: ['classification', 'biomedical', 'post-traumatic-stress-disorder'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/clear_scenario.py',
      groups: ['clear'],
    });
  });

  it('runs the 13 conditions of the leaderboard, at most 100 instances each, for --benchmarks clear', () => {
    expect(clearBenchmark.leaderboardRunEntries).toBe(CLEAR_LEADERBOARD_RUN_ENTRIES);
    expect(CLEAR_LEADERBOARD_RUN_ENTRIES).toHaveLength(13);
    expect(CLEAR_LEADERBOARD_RUN_ENTRIES[0]).toBe(
      'clear:condition=alcohol_dependence,max_eval_instances=100',
    );
  });

  it('takes condition= (required, one of the 13) and nothing else', () => {
    expect(clearArgumentsSchema.safeParse({ condition: 'homelessness' }).success).toBe(true);
    expect(clearArgumentsSchema.safeParse({}).success).toBe(false);
    expect(clearArgumentsSchema.safeParse({ condition: 'depression' }).success).toBe(false);
    expect(clearArgumentsSchema.safeParse({ condition: 'homelessness', subject: 'x' }).success).toBe(false);
    const configured = clearBenchmark.arguments?.configure({ condition: 'unemployment' });
    expect(configured?.helm.scenarioName).toBe('clear_unemployment');
    expect(configured?.dataset.files.map((file) => file.name)).toEqual(['unemployment.xlsx']);
  });

  it("asks HELM's lettered question, the condition spelled with spaces only, for one token", () => {
    const adhd = createClearBenchmark('attention_deficit_hyperactivity_disorder');
    expect(adhd.prompt.adapterSpec).toMatchObject({
      method: 'multiple_choice_joint',
      instructions:
        "Answer 'A' for 'Has a history of attention deficit hyperactivity disorder', 'B' for 'Does not have a history of attention deficit hyperactivity disorder', or 'C' for 'Uncertain'\n",
      input_prefix: '',
      input_suffix: '',
      output_prefix:
        "Respond only with 'A', 'B', or 'C'. Do not add any other text, punctuation, or symbols: ",
      max_tokens: 1,
      max_train_instances: 0,
      num_outputs: 5,
      temperature: 0,
    });
  });
});

describeBenchmarkDescription(clearBenchmark, {
  fields: { id: 'clear', mainMetric: { name: 'exact_match', split: 'test' } },
  normalizers: ['multiple_choice_output_mapping'],
  helm: { scenarioName: 'clear_alcohol_dependence', groups: ['clear'] },
  metricSpecs: helmExactMatchMetricSpecs(),
});

describe.skipIf(!existsSync(helmBenchmark))("the clear strings against HELM's source", () => {
  const pythonLiterals = (source: string) =>
    (source.match(/"(?:[^"\\]|\\.)*"/g) ?? []).map((literal) => JSON.parse(literal) as string).join('');
  const scenario = () => readFileSync(join(helmBenchmark, 'scenarios', 'clear_scenario.py'), 'utf8');

  it("are CLEARScenario's conditions, their prompt text and its description", () => {
    const source = scenario();
    const block = (name: string) =>
      source.slice(
        source.indexOf(`    ${name} = `),
        source.indexOf('\n    }', source.indexOf(`    ${name} = `)),
      );
    const conditions = source.slice(
      source.indexOf('    CONDITIONS = ['),
      source.indexOf('    ]', source.indexOf('    CONDITIONS = [')),
    );
    expect(conditions.match(/"[a-z_]+"/g)?.map((literal) => JSON.parse(literal) as string)).toEqual([
      ...CLEAR_CONDITIONS,
    ]);
    const prompts = [...block('CONDITION_PROMPTS').matchAll(/"([a-z_]+)": "([^"]+)"/g)];
    expect(Object.fromEntries(prompts.map((match) => [match[1], match[2]]))).toEqual(CLEAR_CONDITION_TEXT);
    const description = source.slice(source.indexOf('self.description = ('), source.indexOf(')  # noqa'));
    expect(pythonLiterals(description)).toBe(clearBenchmark.helm.scenarioDescription);
  });

  it("are get_clear_spec's instructions and output noun", () => {
    const runSpecs = readFileSync(join(helmBenchmark, 'run_specs', 'medhelm_run_specs.py'), 'utf8');
    const start = runSpecs.indexOf('def get_clear_spec');
    const spec = runSpecs.slice(start, runSpecs.indexOf('return RunSpec', start));
    const instructions = pythonLiterals(
      spec.slice(spec.indexOf('instructions=('), spec.indexOf('input_noun')),
    );
    // The f-string's {condition_display}, filled in.
    expect(instructions.replaceAll('{condition_display}', 'chronic pain')).toBe(
      clearInstructions('chronic_pain'),
    );
    expect(spec).toContain(
      `output_noun=${JSON.stringify(createClearBenchmark().prompt.adapterSpec.output_prefix.slice(0, -2))}`,
    );
  });

  it("are the run entries of HELM's run_entries_medhelm_private_stanford.conf", () => {
    const conf = readFileSync(
      join(helmBenchmark, 'presentation', 'run_entries_medhelm_private_stanford.conf'),
      'utf8',
    );
    const entries = new Set(
      [...conf.matchAll(/description: "(clear:[^"]+)"/g)].map((match) =>
        (match[1] as string)
          .split(',')
          .filter((part) => !/^(?:clear:)?(?:model|model_deployment|data_path|num_output_tokens)=/.test(part))
          .join(',')
          .replace(/^(?!clear:)/, 'clear:'),
      ),
    );
    expect([...entries]).toEqual([...CLEAR_LEADERBOARD_RUN_ENTRIES]);
  });
});
