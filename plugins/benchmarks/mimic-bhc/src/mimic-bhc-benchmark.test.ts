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
import { mimicBhcBenchmark, plugin } from './index.ts';
import { createMimicBhcBenchmark } from './mimic-bhc-benchmark.ts';
import { mimicBhcJuryRubric } from './mimic-bhc-jury-rubric.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');
// HELM's source, where this machine has a checkout (the strings below are checked against it).
const helmBenchmark = join(process.env.HELM_SRC ?? '/work/helm-src', 'src', 'helm', 'benchmark');

describeBenchmarkContract(createMimicBhcBenchmark(), {
  ...juryContractOptions(mimicBhcJuryRubric),
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
});

describe('the mimic_bhc benchmark', () => {
  it('describes itself as MedHELM does, gated', () => {
    expect(mimicBhcBenchmark).toMatchObject({
      id: 'mimic_bhc',
      displayName: 'MIMIC-IV-BHC',
      category: 'Clinical Note Generation',
      subcategory: 'Documenting Patient Visits',
      access: 'gated',
      normalizers: [],
      mainMetric: { name: 'mimic_bhc_accuracy', split: 'test' },
    });
    expect(mimicBhcBenchmark.dataset.access).toBe('gated');
    expect(mimicBhcBenchmark.helm).toMatchObject({
      scenarioClassName: 'helm.benchmark.scenarios.mimic_bhc_scenario.MIMICBHCScenario',
      scenarioName: 'mimic_bhc',
      tags: ['summarization', 'biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/mimic_bhc_scenario.py',
      // get_mimic_bhc_spec's RunSpec(groups=["mimic_bhc"]) and name "mimic_bhc".
      groups: ['mimic_bhc'],
    });
    expect(mimicBhcBenchmark.helm.runSpecName).toBeUndefined();
    // The leaderboard's run entries are the bare benchmark (with data_path and the model).
    expect(mimicBhcBenchmark.leaderboardRunEntries).toBeUndefined();
    expect(mimicBhcBenchmark.arguments).toBeUndefined();
  });

  it('asks for one summary of at most 1024 tokens at temperature 0, the note and summary on their own lines', () => {
    expect(mimicBhcBenchmark.prompt.adapterSpec).toMatchObject({
      method: 'generation',
      input_prefix: 'Clinical Note:\n',
      input_suffix: '\n',
      output_prefix: 'Brief Hospital Course:\n',
      max_tokens: 1024,
      max_train_instances: 0,
      temperature: 0,
      num_outputs: 1,
      stop_sequences: [],
    });
  });
});

describeBenchmarkDescription(mimicBhcBenchmark, {
  fields: { id: 'mimic_bhc', mainMetric: { name: 'mimic_bhc_accuracy', split: 'test' } },
  normalizers: [],
  annotators: ['mimic_bhc'],
  helm: { scenarioName: 'mimic_bhc', groups: ['mimic_bhc'] },
  ...medhelmJuryRunSpec('mimic_bhc', 'helm.benchmark.annotation.mimic_bhc_annotator.MIMICBHCAnnotator'),
});

describe.skipIf(!existsSync(helmBenchmark))("the mimic_bhc strings against HELM's source", () => {
  it("are the scenario's description and the annotator's PROMPT_TEMPLATE, verbatim", () => {
    const scenario = readFileSync(join(helmBenchmark, 'scenarios', 'mimic_bhc_scenario.py'), 'utf8');
    const start = scenario.indexOf('    description = (');
    const literals =
      scenario.slice(start, scenario.indexOf('\n    )', start)).match(/"(?:[^"\\]|\\.)*"/g) ?? [];
    expect(literals.map((literal) => JSON.parse(literal) as string).join('')).toBe(
      mimicBhcBenchmark.helm.scenarioDescription,
    );
    const annotator = readFileSync(join(helmBenchmark, 'annotation', 'mimic_bhc_annotator.py'), 'utf8');
    const body = annotator.slice(
      annotator.indexOf('PROMPT_TEMPLATE = """') + 'PROMPT_TEMPLATE = """'.length,
      annotator.indexOf('"""\n\nANNOTATION_CRITERIA'),
    );
    expect(body.replaceAll('\\"', '"')).toBe(mimicBhcJuryRubric.promptTemplate);
  });
});
