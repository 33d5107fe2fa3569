import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchmarkMetricSpecs } from '@medhelm/core';
import { createSampleLoadContext, describeBenchmarkContract } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { n2c2CtMatchingBenchmark, plugin } from './index.ts';
import {
  createN2c2CtMatchingBenchmark,
  n2c2CtMatchingArgumentsSchema,
} from './n2c2-ct-matching-benchmark.ts';
import { N2C2_CT_MATCHING_CRITERIA, N2C2_CT_MATCHING_DEFINITIONS } from './n2c2-ct-matching-dataset.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');
// HELM's source, where this machine has a checkout (the strings below are checked against it).
const helmSource = process.env.HELM_SRC ?? '/work/helm-src';
const helmSrc = join(helmSource, 'src', 'helm', 'benchmark');

describeBenchmarkContract(n2c2CtMatchingBenchmark, {
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
});

describe('the n2c2_ct_matching benchmark', () => {
  it('describes itself as MedHELM does', () => {
    expect(n2c2CtMatchingBenchmark).toMatchObject({
      id: 'n2c2_ct_matching',
      displayName: 'N2C2-CT Matching',
      category: 'Medical Research Assistance',
      subcategory: 'Managing Research Enrollment',
      access: 'gated',
      mainMetric: { name: 'exact_match', split: 'test' },
    });
    expect(n2c2CtMatchingBenchmark.dataset.obtain).toContain('n2c2 data use agreement');
    expect(n2c2CtMatchingBenchmark.dataset.folders?.map((folder) => [folder.name, folder.listing])).toEqual([
      ['test', undefined],
    ]);
    expect(n2c2CtMatchingBenchmark.helm).toMatchObject({
      scenarioClassName: 'helm.benchmark.scenarios.n2c2_ct_matching_scenario.N2C2CTMatchingScenario',
      runSpecName: 'n2c2_ct_matching:subject=ABDOMINAL',
      scenarioArgs: { subject: 'ABDOMINAL' },
      scenarioName: 'n2c2_ct_matching',
      tags: [],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/n2c2_ct_matching_scenario.py',
      groups: ['n2c2_ct_matching'],
    });
  });

  it('runs the MedHELM leaderboard criteria for --benchmarks n2c2_ct_matching', () => {
    // run_entries_medhelm_gated.conf: the n2c2_ct_matching entries' subjects.
    expect(n2c2CtMatchingBenchmark.leaderboardRunEntries).toEqual([
      'n2c2_ct_matching:subject=ABDOMINAL',
      'n2c2_ct_matching:subject=ADVANCED-CAD',
      'n2c2_ct_matching:subject=CREATININE',
    ]);
  });

  it("lists get_exact_match_metric_specs() exactly, keys in HELM's order", () => {
    const names = ['exact_match', 'quasi_exact_match', 'prefix_exact_match', 'quasi_prefix_exact_match'];
    expect(JSON.stringify(benchmarkMetricSpecs(n2c2CtMatchingBenchmark))).toBe(
      JSON.stringify([
        { class_name: 'helm.benchmark.metrics.basic_metrics.BasicGenerationMetric', args: { names } },
        { class_name: 'helm.benchmark.metrics.basic_metrics.BasicReferenceMetric', args: {} },
        { class_name: 'helm.benchmark.metrics.basic_metrics.InstancesPerSplitMetric', args: {} },
      ]),
    );
  });

  it("asks HELM's lettered yes/no question: one token at temperature 0", () => {
    expect(n2c2CtMatchingBenchmark.prompt.adapterSpec).toMatchObject({
      method: 'multiple_choice_joint',
      instructions: 'Answer A for yes, B for no.\n',
      input_prefix: ': ',
      output_prefix: 'Answer A for yes, B for no. Do not add any other text, punctuation, or symbols: ',
      max_tokens: 1,
      max_train_instances: 0,
      num_outputs: 5,
      temperature: 0,
    });
  });
});

describe('the subject run-entry argument', () => {
  it('is one of the 13 n2c2 criteria, required as HELM requires it', () => {
    expect(N2C2_CT_MATCHING_CRITERIA).toEqual([
      'ABDOMINAL',
      'ADVANCED-CAD',
      'ALCOHOL-ABUSE',
      'ASP-FOR-MI',
      'CREATININE',
      'DIETSUPP-2MOS',
      'DRUG-ABUSE',
      'ENGLISH',
      'HBA1C',
      'KETO-1YR',
      'MAJOR-DIABETES',
      'MAKES-DECISIONS',
      'MI-6MOS',
    ]);
    expect(n2c2CtMatchingArgumentsSchema.parse({ subject: 'HBA1C' })).toEqual({ subject: 'HBA1C' });
    const wrong = n2c2CtMatchingArgumentsSchema.safeParse({ subject: 'abdominal' });
    expect(wrong.error?.issues[0]?.message).toContain('"ABDOMINAL"|"ADVANCED-CAD"');
    expect(n2c2CtMatchingArgumentsSchema.safeParse({}).success).toBe(false);
    expect(n2c2CtMatchingArgumentsSchema.safeParse({ subject: 'HBA1C', max_length: '5' }).success).toBe(
      false,
    );
  });

  it('configures the criterion: its prompt, labels and run spec name', async () => {
    const configured = n2c2CtMatchingBenchmark.arguments?.configure({ subject: 'MI-6MOS' });
    expect(configured?.helm.runSpecName).toBe('n2c2_ct_matching:subject=MI-6MOS');
    expect(configured?.helm.scenarioArgs).toEqual({ subject: 'MI-6MOS' });
    const context = createSampleLoadContext();
    for await (const instance of configured?.dataset.load(context) ?? []) {
      expect(instance.input.text).toContain(
        'The definition of the inclusion criterion is: "Myocardial infarction (MI) within the past 6 months".',
      );
      expect(instance.input.text).toContain('Does the patient meet the inclusion criterion "MI-6MOS"?');
    }
    expect(createN2c2CtMatchingBenchmark('KETO-1YR').helm.runSpecName).toBe(
      'n2c2_ct_matching:subject=KETO-1YR',
    );
  });
});

/** The values of a Python dict literal of string literals, as Python evaluates them. */
function pythonStringDict(source: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const match of source.matchAll(/"([A-Z0-9-]+)": "((?:[^"\\]|\\[\s\S])*)"/g)) {
    // Backslash-newline continues the literal; \" is a quote.
    entries[match[1] as string] = (match[2] as string).replaceAll('\\\n', '').replaceAll('\\"', '"');
  }
  return entries;
}

describe.skipIf(!existsSync(helmSrc))("the n2c2_ct_matching strings against HELM's source", () => {
  it("are LONG_DEFINITIONS, the scenario's description and the conf's leaderboard criteria", () => {
    const scenario = readFileSync(join(helmSrc, 'scenarios', 'n2c2_ct_matching_scenario.py'), 'utf8');
    const start = scenario.indexOf('LONG_DEFINITIONS = {');
    const definitions = pythonStringDict(scenario.slice(start, scenario.indexOf('\n}\n', start)));
    expect(definitions).toEqual(N2C2_CT_MATCHING_DEFINITIONS);

    const description = scenario.indexOf('    description = (');
    const literals =
      scenario.slice(description, scenario.indexOf('\n    )', description)).match(/"(?:[^"\\]|\\.)*"/g) ?? [];
    expect(literals.map((literal) => JSON.parse(literal) as string).join('')).toBe(
      n2c2CtMatchingBenchmark.helm.scenarioDescription,
    );

    const conf = readFileSync(join(helmSrc, 'presentation', 'run_entries_medhelm_gated.conf'), 'utf8');
    const subjects = new Set(
      [...conf.matchAll(/n2c2_ct_matching:[^"]*subject=([A-Z0-9-]+)/g)].map((match) => match[1]),
    );
    expect(n2c2CtMatchingBenchmark.leaderboardRunEntries).toEqual(
      [...subjects].map((subject) => `n2c2_ct_matching:subject=${subject}`),
    );
  });
});
