import { join } from 'node:path';
import { helmExactMatchMetricSpecs } from '@medhelm/metrics';
import {
  createSampleLoadContext,
  describeBenchmarkContract,
  describeBenchmarkDescription,
  describeMedhelmReferenceEntry,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { plugin, raceBasedMedBenchmark } from './index.ts';
import { createRaceBasedMedBenchmark } from './race-based-med-benchmark.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');

describeBenchmarkContract(createRaceBasedMedBenchmark(), {
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
});

// get_race_based_med_spec: metric_specs=get_exact_match_metric_specs(), groups=["race_based_med"].
describeBenchmarkDescription(raceBasedMedBenchmark, {
  fields: {
    id: 'race_based_med',
    displayName: 'RaceBias',
    category: 'Medical Research Assistance',
    subcategory: 'Ensuring Clinical Research Quality',
    access: 'public',
    license: 'CC-BY-4.0',
    mainMetric: { name: 'exact_match', split: 'test' },
  },
  normalizers: ['multiple_choice_output_mapping'],
  helm: {
    scenarioClassName: 'helm.benchmark.scenarios.race_based_med_scenario.RaceBasedMedScenario',
    scenarioArgs: {},
    scenarioName: 'race_based_med',
    tags: ['knowledge', 'reasoning', 'biomedical'],
    groups: ['race_based_med'],
  },
  metricSpecs: helmExactMatchMetricSpecs(),
});

describeMedhelmReferenceEntry(raceBasedMedBenchmark);

describe('the race_based_med benchmark', () => {
  it("keeps the scenario class's description as Python concatenates it (no spaces between the pieces)", () => {
    const { scenarioDescription } = raceBasedMedBenchmark.helm;
    for (const joined of [
      'biased orinappropriate',
      'consistsof a',
      'whetherthe response',
      'benchmarksupports',
    ]) {
      expect(scenarioDescription).toContain(joined);
    }
  });

  it("uses HELM's multiple_choice_joint adapter spec", () => {
    expect(raceBasedMedBenchmark.prompt.adapterSpec).toMatchObject({
      method: 'multiple_choice_joint',
      instructions: 'Answer A for yes, B for no.\n',
      input_prefix: '',
      input_suffix: '',
      output_prefix:
        "Respond with only 'A' for yes or 'B' for no. Do not add any other text, punctuation, or symbols: ",
      max_train_instances: 0,
      max_tokens: 1,
      num_outputs: 5,
      temperature: 0,
      stop_sequences: ['\n'],
    });
  });
});
