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
import { plugin, starrPatientInstructionsBenchmark } from './index.ts';
import { createStarrPatientInstructionsBenchmark } from './starr-patient-instructions-benchmark.ts';
import { starrPatientInstructionsJuryRubric } from './starr-patient-instructions-jury-rubric.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');
// HELM's source, where this machine has a checkout (the strings below are checked against it).
const helmBenchmark = join(process.env.HELM_SRC ?? '/work/helm-src', 'src', 'helm', 'benchmark');
const ANNOTATOR =
  'helm.benchmark.annotation.starr_patient_instructions_annotator.StarrPatientInstructionsAnnotator';

describeBenchmarkContract(createStarrPatientInstructionsBenchmark(), {
  ...juryContractOptions(starrPatientInstructionsJuryRubric),
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
});

describe('the starr_patient_instructions benchmark', () => {
  it('describes itself as MedHELM does, private', () => {
    expect(starrPatientInstructionsBenchmark).toMatchObject({
      id: 'starr_patient_instructions',
      displayName: 'PatientInstruct',
      category: 'Patient Communication and Education',
      subcategory: 'Delivering Personalized Care Instructions',
      access: 'private',
      normalizers: [],
      mainMetric: { name: 'starr_patient_instructions_accuracy', split: 'test' },
    });
    expect(starrPatientInstructionsBenchmark.dataset.access).toBe('private');
    expect(starrPatientInstructionsBenchmark.helm).toMatchObject({
      scenarioClassName:
        'helm.benchmark.scenarios.starr_patient_instructions_scenario.StarrPatientInstructionsScenario',
      scenarioName: 'starr_patient_instructions',
      tags: ['patient_communication', 'healthcare', 'instruction_generation', 'surgery'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/starr_patient_instructions_scenario.py',
      groups: ['starr_patient_instructions'],
    });
    expect(starrPatientInstructionsBenchmark.leaderboardRunEntries).toBeUndefined();
    expect(starrPatientInstructionsBenchmark.arguments).toBeUndefined();
  });

  it('asks for one set of instructions of at most 256 tokens at temperature 0', () => {
    expect(starrPatientInstructionsBenchmark.prompt.adapterSpec).toMatchObject({
      method: 'generation',
      input_prefix: 'Case Details: ',
      input_suffix: '\n',
      output_prefix: 'Patient Instructions: ',
      max_tokens: 256,
      max_train_instances: 0,
      temperature: 0,
      num_outputs: 1,
      stop_sequences: [],
    });
  });
});

describeBenchmarkDescription(starrPatientInstructionsBenchmark, {
  fields: {
    id: 'starr_patient_instructions',
    mainMetric: { name: 'starr_patient_instructions_accuracy', split: 'test' },
  },
  normalizers: [],
  annotators: ['starr_patient_instructions'],
  helm: { scenarioName: 'starr_patient_instructions', groups: ['starr_patient_instructions'] },
  ...medhelmJuryRunSpec('starr_patient_instructions', ANNOTATOR),
});

describe.skipIf(!existsSync(helmBenchmark))(
  "the starr_patient_instructions strings against HELM's source",
  () => {
    const pythonLiterals = (source: string) =>
      (source.match(/"(?:[^"\\]|\\.)*"/g) ?? []).map((literal) => JSON.parse(literal) as string).join('');

    it("are the scenario's description, the run spec's instructions and the annotator's PROMPT_TEMPLATE", () => {
      const scenario = readFileSync(
        join(helmBenchmark, 'scenarios', 'starr_patient_instructions_scenario.py'),
        'utf8',
      );
      const start = scenario.indexOf('    description = (');
      expect(pythonLiterals(scenario.slice(start, scenario.indexOf('\n    )', start)))).toBe(
        starrPatientInstructionsBenchmark.helm.scenarioDescription,
      );
      const runSpecs = readFileSync(join(helmBenchmark, 'run_specs', 'medhelm_run_specs.py'), 'utf8');
      const spec = runSpecs.indexOf('def get_starr_patient_instructions_run_spec');
      const instructions = runSpecs.slice(
        runSpecs.indexOf('instructions=(', spec),
        runSpecs.indexOf('input_noun', spec),
      );
      expect(`${pythonLiterals(instructions)}\n`).toBe(
        starrPatientInstructionsBenchmark.prompt.adapterSpec.instructions,
      );
      const annotator = readFileSync(
        join(helmBenchmark, 'annotation', 'starr_patient_instructions_annotator.py'),
        'utf8',
      );
      const body = annotator.slice(
        annotator.indexOf('PROMPT_TEMPLATE = """') + 'PROMPT_TEMPLATE = """'.length,
        annotator.indexOf('"""\n\nANNOTATION_CRITERIA'),
      );
      expect(body.replaceAll('\\"', '"')).toBe(starrPatientInstructionsJuryRubric.promptTemplate);
    });
  },
);
