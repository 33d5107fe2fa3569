import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { juryContractOptions } from '@medhelm/jury';
import {
  createSampleLoadContext,
  describeBenchmarkContract,
  describeBenchmarkDescription,
  evaluatedInstances,
  loadContractInstances,
  medhelmJuryRunSpec,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { medDialogBenchmark, plugin } from './index.ts';
import {
  createMedDialogBenchmark,
  MED_DIALOG_LEADERBOARD_RUN_ENTRIES,
  medDialogArgumentsSchema,
} from './med-dialog-benchmark.ts';
import { MED_DIALOG_SUBSETS } from './med-dialog-dataset.ts';
import { medDialogJuryRubric } from './med-dialog-jury-rubric.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');
// HELM's source, where this machine has a checkout (the strings below are checked against it).
const helmSource = process.env.HELM_SRC ?? '/work/helm-src';
const helmBenchmark = join(helmSource, 'src', 'helm', 'benchmark');

describeBenchmarkContract(createMedDialogBenchmark(), {
  ...juryContractOptions(medDialogJuryRubric),
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
});

describeBenchmarkContract(createMedDialogBenchmark({ subset: 'icliniq' }), {
  ...juryContractOptions(medDialogJuryRubric),
  packageJsonPath,
  loadContext: createSampleLoadContext(),
});

describe('the med_dialog plugin', () => {
  it('registers the default subset, HealthCareMagic', async () => {
    const registered: unknown[] = [];
    await plugin.register({
      registerBenchmark: (benchmark) => registered.push(benchmark),
      registerProvider: (provider) => registered.push(provider),
      registerScorer: (scorer) => registered.push(scorer),
      registerNormalizer: (normalizer) => registered.push(normalizer),
    });
    expect(registered).toEqual([medDialogBenchmark]);
    expect(medDialogBenchmark.helm.scenarioArgs).toEqual({ subset: 'healthcaremagic' });
  });

  it('numbers the instances of each subset from id0 (no train split is loaded)', async () => {
    for (const [subset, count] of [
      ['healthcaremagic', 5],
      ['icliniq', 3],
    ] as const) {
      const benchmark = createMedDialogBenchmark({ subset });
      const instances = await loadContractInstances(benchmark, createSampleLoadContext());
      expect(evaluatedInstances(benchmark, instances).map((instance) => instance.id)).toEqual(
        Array.from({ length: count }, (_, index) => `id${index}`),
      );
    }
  });
});

// Both subsets describe themselves alike, but for the subset (get_med_dialog_spec).
for (const subset of MED_DIALOG_SUBSETS) {
  describeBenchmarkDescription(createMedDialogBenchmark({ subset }), {
    fields: {
      id: 'med_dialog',
      displayName: 'MedDialog',
      category: 'Patient Communication and Education',
      subcategory: 'Patient-Provider Messaging',
      access: 'public',
      mainMetric: { name: 'med_dialog_accuracy', split: 'test' },
    },
    normalizers: [],
    annotators: ['med_dialog'],
    helm: {
      scenarioClassName: 'helm.benchmark.scenarios.med_dialog_scenario.MedDialogScenario',
      scenarioArgs: { subset },
      scenarioName: 'med_dialog',
      tags: ['dialogue', 'biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/med_dialog_scenario.py',
      groups: ['med_dialog'],
    },
    ...medhelmJuryRunSpec('med_dialog', 'helm.benchmark.annotation.med_dialog_annotator.MedDialogAnnotator'),
  });
}

describe('the med_dialog benchmark', () => {
  it('names the run and passes the subset as get_med_dialog_spec does', () => {
    for (const subset of MED_DIALOG_SUBSETS) {
      const { helm } = createMedDialogBenchmark({ subset });
      // RunSpec(name=f"med_dialog,subset={subset}", scenario_spec=ScenarioSpec(..., args={"subset": subset}))
      expect(helm.runSpecName).toBe(`med_dialog,subset=${subset}`);
      expect(helm.scenarioArgs).toEqual({ subset });
    }
    expect(medDialogBenchmark.helm.runSpecName).toBe('med_dialog,subset=healthcaremagic');
    expect(() => createMedDialogBenchmark({ subset: 'healthtap' as 'icliniq' })).toThrow(
      'Invalid subset specified for med_dialog: healthtap.',
    );
  });

  it('runs both subsets from the leaderboard, each picked by a subset= run entry', () => {
    expect(MED_DIALOG_LEADERBOARD_RUN_ENTRIES).toEqual([
      'med_dialog:subset=healthcaremagic',
      'med_dialog:subset=icliniq',
    ]);
    expect(medDialogBenchmark.leaderboardRunEntries).toBe(MED_DIALOG_LEADERBOARD_RUN_ENTRIES);
    const configured = medDialogBenchmark.arguments?.configure(
      medDialogArgumentsSchema.parse({ subset: 'icliniq' }),
    );
    expect(configured?.helm.runSpecName).toBe('med_dialog,subset=icliniq');
    expect(configured?.dataset.files.map((file) => file.name)).toEqual(['icliniq/test.json']);
  });

  it('refuses a missing or unknown subset and any other argument, as get_med_dialog_spec does', () => {
    expect(medDialogArgumentsSchema.safeParse({}).success).toBe(false);
    const unknown = medDialogArgumentsSchema.safeParse({ subset: 'healthtap' });
    expect(unknown.error?.issues[0]?.message).toBe('expected one of healthcaremagic, icliniq');
    const extra = medDialogArgumentsSchema.safeParse({ subset: 'icliniq', max_length: '10' });
    expect(extra.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it("has HELM's MedDialogAnnotator rubric", () => {
    expect(medDialogJuryRubric).toMatchObject({
      name: 'med_dialog',
      criteria: {
        accuracy: ['score', 'explanation'],
        completeness: ['score', 'explanation'],
        clarity: ['score', 'explanation'],
      },
      helmAnnotatorClassName: 'helm.benchmark.annotation.med_dialog_annotator.MedDialogAnnotator',
      metricName: 'med_dialog_accuracy',
      defaultScore: 1,
    });
  });

  it('asks for one summary of at most 80 tokens at temperature 0', () => {
    expect(medDialogBenchmark.prompt.adapterSpec).toMatchObject({
      method: 'generation',
      instructions: 'Generate a one sentence summary of this patient-doctor conversation.\n',
      input_prefix: 'Patient-Doctor: ',
      input_suffix: '\n',
      output_prefix: 'Summary: ',
      instance_prefix: '\n',
      max_tokens: 80,
      max_train_instances: 0,
      temperature: 0,
      num_outputs: 1,
      stop_sequences: [],
    });
  });
});

describe.skipIf(!existsSync(helmBenchmark))("the med_dialog strings against HELM's source", () => {
  it("are the scenario's description and the annotator's PROMPT_TEMPLATE, verbatim", () => {
    const scenario = readFileSync(join(helmBenchmark, 'scenarios', 'med_dialog_scenario.py'), 'utf8');
    const start = scenario.indexOf('    description = (');
    const literals =
      scenario.slice(start, scenario.indexOf('\n    )', start)).match(/"(?:[^"\\]|\\.)*"/g) ?? [];
    expect(literals.map((literal) => JSON.parse(literal) as string).join('')).toBe(
      medDialogBenchmark.helm.scenarioDescription,
    );

    const annotator = readFileSync(join(helmBenchmark, 'annotation', 'med_dialog_annotator.py'), 'utf8');
    const body = annotator.slice(
      annotator.indexOf('PROMPT_TEMPLATE = """') + 'PROMPT_TEMPLATE = """'.length,
      annotator.indexOf('"""\n\nANNOTATION_CRITERIA'),
    );
    // The literal's only escape is \" (a plain " once Python evaluates it).
    expect(body.replaceAll('\\"', '"')).toBe(medDialogJuryRubric.promptTemplate);

    const runSpecs = readFileSync(join(helmBenchmark, 'run_specs', 'medhelm_run_specs.py'), 'utf8');
    const runSpec = runSpecs.slice(runSpecs.indexOf('def get_med_dialog_spec('));
    expect(runSpec.slice(0, runSpec.indexOf('\n\n\n'))).toContain(
      `instructions="${medDialogBenchmark.prompt.adapterSpec.instructions.trimEnd()}"`,
    );
  });
});
