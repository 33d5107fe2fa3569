import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { juryContractOptions } from '@medhelm/jury';
import {
  createSampleLoadContext,
  describeBenchmarkContract,
  describeBenchmarkDescription,
  loadContractInstances,
  medhelmJuryRunSpec,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { medalignBenchmark, plugin } from './index.ts';
import { createMedalignBenchmark, medalignArgumentsSchema } from './medalign-benchmark.ts';
import { MEDALIGN_PROMPT_TEMPLATE } from './medalign-dataset.ts';
import { medalignJuryRubric } from './medalign-jury-rubric.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');
// HELM's source, where this machine has a checkout (the strings below are checked against it).
const helmSource = process.env.HELM_SRC ?? '/work/helm-src';
const helmBenchmark = join(helmSource, 'src', 'helm', 'benchmark');

describeBenchmarkContract(createMedalignBenchmark(), {
  ...juryContractOptions(medalignJuryRubric),
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
});

describe('the medalign benchmark', () => {
  it('describes itself as MedHELM does', () => {
    expect(medalignBenchmark).toMatchObject({
      id: 'medalign',
      displayName: 'MedAlign',
      category: 'Clinical Decision Support',
      subcategory: 'Providing Clinical Knowledge Support',
      access: 'gated',
      normalizers: [],
      mainMetric: { name: 'medalign_accuracy', split: 'test' },
      leaderboardRunEntries: ['medalign:max_length=100000'],
    });
    expect(medalignBenchmark.dataset.access).toBe('gated');
    expect(medalignBenchmark.dataset.obtain).toContain('data use agreement');
    expect(medalignBenchmark.dataset.files.every((file) => file.url === undefined)).toBe(true);
    expect(medalignBenchmark.helm).toMatchObject({
      scenarioClassName: 'helm.benchmark.scenarios.medalign_scenario.MedalignScenario',
      scenarioArgs: { max_length: 100000 },
      scenarioName: 'medalign',
      tags: ['knowledge', 'reasoning', 'biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/medalign_scenario.py',
      groups: ['medalign'],
    });
    // get_medalign_spec names its run spec "medalign" whatever max_length is.
    expect(medalignBenchmark.helm.runSpecName).toBeUndefined();
  });

  it('asks for one answer of at most 256 tokens at temperature 0, no stop sequence', () => {
    expect(medalignBenchmark.prompt.adapterSpec).toMatchObject({
      method: 'generation',
      instructions: '',
      input_prefix: '',
      input_suffix: '\n',
      output_prefix: '',
      max_tokens: 256,
      max_train_instances: 0,
      temperature: 0,
      num_outputs: 1,
      stop_sequences: [],
    });
  });
});

describe('the max_length run-entry argument', () => {
  it('takes a positive whole number of tokens, as HELM converts it with int()', () => {
    expect(medalignArgumentsSchema.parse({ max_length: '1146' })).toEqual({ max_length: 1146 });
    expect(medalignArgumentsSchema.parse({})).toEqual({});
    for (const value of ['0', '-5', '1e5', '100000.0', 'long', '']) {
      const result = medalignArgumentsSchema.safeParse({ max_length: value });
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message, value).toBe(
        'expected a positive whole number of cl100k tokens, e.g. 100000',
      );
    }
  });

  it('refuses any other argument', () => {
    const result = medalignArgumentsSchema.safeParse({ max_length: '100', subject: 'x' });
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it('configures the benchmark: its EHR cut, its scenario args, still the run spec name "medalign"', async () => {
    const configured = medalignBenchmark.arguments?.configure(
      medalignArgumentsSchema.parse({ max_length: '270' }),
    );
    expect(configured?.helm.scenarioArgs).toEqual({ max_length: 270 });
    expect(configured?.helm.runSpecName).toBeUndefined();
    // 270 tokens leave no room for an EHR once the answer's 256 and the template are taken.
    const instances = await loadContractInstances(configured ?? medalignBenchmark, createSampleLoadContext());
    expect(instances.every((instance) => instance.input.text.includes('\n\nEHR: \n\nQuestion: '))).toBe(true);
  });
});

describeBenchmarkDescription(medalignBenchmark, {
  fields: { id: 'medalign', mainMetric: { name: 'medalign_accuracy', split: 'test' } },
  normalizers: [],
  annotators: ['medalign'],
  helm: { scenarioName: 'medalign', groups: ['medalign'] },
  ...medhelmJuryRunSpec('medalign', 'helm.benchmark.annotation.medalign_annotator.MedalignAnnotator'),
});

describe.skipIf(!existsSync(helmBenchmark))("the medalign strings against HELM's source", () => {
  it("are the scenario's description, the helper's prompt template and the annotator's PROMPT_TEMPLATE", () => {
    const scenario = readFileSync(join(helmBenchmark, 'scenarios', 'medalign_scenario.py'), 'utf8');
    const start = scenario.indexOf('    description = (');
    const literals =
      scenario.slice(start, scenario.indexOf('\n    )', start)).match(/"(?:[^"\\]|\\.)*"/g) ?? [];
    expect(literals.map((literal) => JSON.parse(literal) as string).join('')).toBe(
      medalignBenchmark.helm.scenarioDescription,
    );

    const helper = readFileSync(join(helmBenchmark, 'scenarios', 'medalign_scenario_helper.py'), 'utf8');
    const template = helper.slice(
      helper.indexOf('    prompt_string = ('),
      helper.indexOf('\n    )\n', helper.indexOf('    prompt_string = (')),
    );
    expect(
      (template.match(/"(?:[^"\\]|\\.)*"/g) ?? []).map((literal) => JSON.parse(literal) as string).join(''),
    ).toBe(MEDALIGN_PROMPT_TEMPLATE);

    const annotator = readFileSync(join(helmBenchmark, 'annotation', 'medalign_annotator.py'), 'utf8');
    const body = annotator.slice(
      annotator.indexOf('PROMPT_TEMPLATE = """') + 'PROMPT_TEMPLATE = """'.length,
      annotator.indexOf('"""\n\nANNOTATION_CRITERIA'),
    );
    expect(body.replaceAll('\\"', '"')).toBe(medalignJuryRubric.promptTemplate);
  });
});
