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
import { createDischargemeBenchmark } from './dischargeme-benchmark.ts';
import { dischargemeJuryRubric } from './dischargeme-jury-rubric.ts';
import { dischargemeBenchmark, plugin } from './index.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');
// HELM's source, where this machine has a checkout (the strings below are checked against it).
const helmBenchmark = join(process.env.HELM_SRC ?? '/work/helm-src', 'src', 'helm', 'benchmark');

describeBenchmarkContract(createDischargemeBenchmark(), {
  ...juryContractOptions(dischargemeJuryRubric),
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
});

describe('the dischargeme benchmark', () => {
  it('describes itself as MedHELM does, gated', () => {
    expect(dischargemeBenchmark).toMatchObject({
      id: 'dischargeme',
      displayName: 'DischargeMe',
      category: 'Clinical Note Generation',
      subcategory: 'Documenting Patient Visits',
      access: 'gated',
      normalizers: [],
      mainMetric: { name: 'dischargeme_accuracy', split: 'test' },
    });
    expect(dischargemeBenchmark.dataset.access).toBe('gated');
    expect(dischargemeBenchmark.helm).toMatchObject({
      scenarioClassName: 'helm.benchmark.scenarios.dischargeme_scenario.DischargeMeScenario',
      scenarioName: 'dischargeme',
      tags: ['biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/dischargeme_scenario.py',
      // get_dischargeme_spec's RunSpec(groups=["dischargeme"]) and name "dischargeme".
      groups: ['dischargeme'],
    });
    expect(dischargemeBenchmark.helm.runSpecName).toBeUndefined();
    // The leaderboard's run entries are the bare benchmark (with data_path and the model).
    expect(dischargemeBenchmark.leaderboardRunEntries).toBeUndefined();
    expect(dischargemeBenchmark.arguments).toBeUndefined();
  });

  it('asks for one document of at most 300 tokens at temperature 0, after "Answer:"', () => {
    expect(dischargemeBenchmark.prompt.adapterSpec).toMatchObject({
      method: 'generation',
      input_prefix: '',
      input_suffix: '\n',
      output_prefix: 'Answer: ',
      max_tokens: 300,
      max_train_instances: 0,
      temperature: 0,
      num_outputs: 1,
      stop_sequences: [],
    });
  });
});

describeBenchmarkDescription(dischargemeBenchmark, {
  fields: { id: 'dischargeme', mainMetric: { name: 'dischargeme_accuracy', split: 'test' } },
  normalizers: [],
  annotators: ['dischargeme'],
  helm: { scenarioName: 'dischargeme', groups: ['dischargeme'] },
  ...medhelmJuryRunSpec(
    'dischargeme',
    'helm.benchmark.annotation.dischargeme_annotator.DischargeMeAnnotator',
  ),
});

describe.skipIf(!existsSync(helmBenchmark))("the dischargeme strings against HELM's source", () => {
  it("are the scenario's description and the annotator's PROMPT_TEMPLATE, verbatim", () => {
    const scenario = readFileSync(join(helmBenchmark, 'scenarios', 'dischargeme_scenario.py'), 'utf8');
    const start = scenario.indexOf('    description = (');
    const literals =
      scenario.slice(start, scenario.indexOf('\n    )', start)).match(/"(?:[^"\\]|\\.)*"/g) ?? [];
    expect(literals.map((literal) => JSON.parse(literal) as string).join('')).toBe(
      dischargemeBenchmark.helm.scenarioDescription,
    );
    const annotator = readFileSync(join(helmBenchmark, 'annotation', 'dischargeme_annotator.py'), 'utf8');
    const body = annotator.slice(
      annotator.indexOf('PROMPT_TEMPLATE = """') + 'PROMPT_TEMPLATE = """'.length,
      annotator.indexOf('"""\n\nANNOTATION_CRITERIA'),
    );
    expect(body.replaceAll('\\"', '"')).toBe(dischargemeJuryRubric.promptTemplate);
  });
});
