import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import { PluginLoadError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { readShcMedDefinition } from './read-shc-med-definition.ts';

const card = readBenchmarkCard(
  {
    id: 'shc_test_med',
    displayName: 'Test-Status',
    description: 'A test benchmark.',
    category: 'Medical Research Assistance',
    subcategory: 'Recording Research Processes',
    data: {
      access: 'private',
      license: 'internal',
      upstream: 'https://arxiv.org/abs/2505.23802',
      sampleInvented: true,
    },
    prompt: { instructions: 'Answer A or B.', inputNoun: '', outputNoun: '', maxTrainInstances: 5 },
    helm: {
      className: 'helm.benchmark.scenarios.shc_test_scenario.SHCTestMedScenario',
      description: 'Test.',
      tags: ['knowledge'],
    },
  },
  '@medhelm/benchmark-shc-test-med',
);
const moduleUrl = 'file:///plugins/shc-test-med/dist/index.mjs';

describe('readShcMedDefinition', () => {
  it("gives the definition with the file's sample beside the package, in data/", () => {
    const definition = readShcMedDefinition(
      {
        $comment: 'How the scenario words its prompt.',
        file: 'medhelm-TEST-dataset_filtered.csv',
        choices: ['A', 'B'],
        prompt: { questionColumn: 'question', counterPrefix: ' ' },
      },
      card,
      moduleUrl,
    );
    expect(definition).toEqual({
      card,
      file: {
        name: 'medhelm-TEST-dataset_filtered.csv',
        samplePath: '/plugins/shc-test-med/data/medhelm-TEST-dataset_filtered.csv',
      },
      choices: ['A', 'B'],
      prompt: { questionColumn: 'question', counterPrefix: ' ' },
    });
  });

  it('names the package, the file and each wrong field', () => {
    let caught: unknown;
    try {
      readShcMedDefinition({ file: 'data/x.txt', choices: ['a'], prompt: { answers: 'A' } }, card, moduleUrl);
    } catch (error) {
      caught = error;
    }
    expect(PluginLoadError.isInstance(caught)).toBe(true);
    const message = (caught as Error).message;
    expect(message).toContain('Plugin "@medhelm/benchmark-shc-test-med": src/shc-med.json');
    expect(message).toContain('file: must be a CSV file name');
    expect(message).toContain('choices.0: must be one capital letter');
    expect(message).toContain('prompt: Unrecognized key: "answers"');
  });
});
