import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import { benchmarkMetricSpecs, DatasetLoadError, renderPrompt } from '@medhelm/core';
import { helmExactMatchMetricSpecs } from '@medhelm/metrics';
import { createSampleLoadContext, loadBenchmarkInstances, scoreWithEveryScorer } from '@medhelm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createShcMedBenchmark } from './create-shc-med-benchmark.ts';
import type { ShcMedBenchmarkDefinition } from './shc-med-benchmark-definition.ts';

const scratch: string[] = [];
afterEach(() => {
  for (const directory of scratch.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** A data folder holding `medhelm-TEST-dataset_filtered.csv` with `text` as its bytes. */
function dataFolder(text: string): string {
  const directory = mkdtempSync(join(tmpdir(), 'shc-med-data-'));
  scratch.push(directory);
  writeFileSync(join(directory, 'medhelm-TEST-dataset_filtered.csv'), text);
  return directory;
}

// A made-up benchmark in the SHC mould (the ten real ones are in plugins/benchmarks/shc-*).
const TEST_MED: ShcMedBenchmarkDefinition = {
  card: readBenchmarkCard(
    {
      id: 'shc_test_med',
      displayName: 'Test-Status',
      description: 'A test benchmark.',
      category: 'Medical Research Assistance',
      subcategory: 'Recording Research Processes',
      data: {
        access: 'private',
        license: 'Stanford Health Care internal data, not released; your own records, your terms',
        upstream: 'https://arxiv.org/abs/2505.23802',
        sampleInvented: true,
      },
      prompt: { instructions: 'Answer A or B.', inputNoun: '', outputNoun: '', maxTrainInstances: 5 },
      helm: {
        className: 'helm.benchmark.scenarios.shc_test_scenario.SHCTestMedScenario',
        description: 'Test.',
        tags: ['knowledge', 'reasoning', 'biomedical'],
      },
    },
    '@medhelm/benchmark-shc-test-med',
  ),
  file: { name: 'medhelm-TEST-dataset_filtered.csv' },
  choices: ['A', 'B'],
  prompt: {},
};

const ANSWER =
  "Answer the question with a 'A' for yes or 'B' for no. Do not provide any additional details or response, just a simple A or B response.";

async function load(definition: ShcMedBenchmarkDefinition, dataDirectory: string, warnings: string[] = []) {
  const context = {
    ...createSampleLoadContext({ dataDirectory }),
    warn: (message: string) => warnings.push(message),
  };
  const instances = [];
  for await (const instance of createShcMedBenchmark(definition).dataset.load(context))
    instances.push(instance);
  return instances;
}

describe('createShcMedBenchmark', () => {
  const benchmark = createShcMedBenchmark(TEST_MED);

  it("is private data that cannot be downloaded, its source the card's, with what to export in its place", () => {
    expect(benchmark).toMatchObject({
      id: 'shc_test_med',
      access: 'private',
      mainMetric: { name: 'exact_match', split: 'test' },
    });
    expect(benchmark.dataset.access).toBe('private');
    expect(benchmark.dataset.files).toEqual([{ name: 'medhelm-TEST-dataset_filtered.csv' }]);
    expect(benchmark.dataset.license).toBe(
      'Stanford Health Care internal data, not released; your own records, your terms',
    );
    expect(benchmark.dataset.upstream).toEqual({ url: 'https://arxiv.org/abs/2505.23802' });
    expect(benchmark.dataset.obtain).toBe(
      "private: Test-Status is Stanford Health Care's internal data and is not released. To run it on your own records, export them as a CSV named medhelm-TEST-dataset_filtered.csv with the columns prompt (the question), context (the note or message) and label (A, B); the @medhelm/benchmark-shc-test-med README lays it out",
    );
  });

  it("has HELM's run spec: empty nouns, one token, max_train_instances left at 5, the exact-match family", () => {
    expect(benchmark.prompt.adapterSpec).toMatchObject({
      method: 'multiple_choice_joint',
      instructions: 'Answer A or B.\n',
      input_prefix: ': ',
      input_suffix: '\n',
      output_prefix: ': ',
      output_suffix: '\n',
      max_train_instances: 5,
      num_outputs: 5,
      max_tokens: 1,
      temperature: 0,
      stop_sequences: ['\n'],
    });
    expect(benchmarkMetricSpecs(benchmark)).toEqual(helmExactMatchMetricSpecs());
    expect(benchmark.helm).toEqual({
      scenarioClassName: 'helm.benchmark.scenarios.shc_test_scenario.SHCTestMedScenario',
      scenarioArgs: {},
      scenarioName: 'shc_test_med',
      scenarioDescription: 'Test.',
      tags: ['knowledge', 'reasoning', 'biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/shc_test_scenario.py',
      groups: ['shc_test_med'],
    });
  });

  it('renders the bare letters as options after ": <prompt>", and scores the letter of the label', async () => {
    const data = dataFolder('prompt,context,label\nIs it?,"a note, two\r\nlines",B\n');
    const [instance] = await loadBenchmarkInstances(benchmark, { dataDirectory: data });
    if (instance === undefined) throw new Error('no instance');
    expect(renderPrompt(benchmark.prompt, instance).request.prompt).toBe(
      `Answer A or B.\n\n: Provide an answer to the following question: Is it? with the following context: a note, two\nlines , ${ANSWER}\nA. A\nB. B\n:`,
    );
    expect(await scoreWithEveryScorer(benchmark, instance, 'B')).toMatchObject({ exact_match: 1 });
    expect(await scoreWithEveryScorer(benchmark, instance, 'A')).toMatchObject({ exact_match: 0 });
  });
});

describe("the SHC loader: what HELM stops on, and what it does silently, reported with the file's lines", () => {
  it('leaves out a row whose label is not a choice, names its line, and yields the rest', async () => {
    const data = dataFolder(
      'note_id,prompt,context,label\r\nN1,Is it?,one,A\r\nN2,Is it?,two,"A "\r\nN3,Is it?,three,B\r\nN4,Is it?,four,\r\n',
    );
    const warnings: string[] = [];
    const instances = await load(TEST_MED, data, warnings);
    expect(instances.map((instance) => instance.input.text.split(' , ')[0]?.split(': ').at(-1))).toEqual([
      'one',
      'three',
    ]);
    const file = join(data, 'medhelm-TEST-dataset_filtered.csv');
    expect(warnings).toEqual([
      `shc_test_med: 2 rows of ${file} left out as unscorable, the label not exactly one of A, B: line 3 (label "A "), line 5 (label ""). HELM's scenario stops the whole run on such a row (AssertionError); the other 2 instances are run and scored.`,
    ]);
  });

  it('reports rows merged into an earlier one, and the label that changed', async () => {
    const data = dataFolder('prompt,context,label\nIs it?,one,A\nIs it?,two,B\nIs it?,one,B\nIs it?,two,B\n');
    const warnings: string[] = [];
    expect(await load(TEST_MED, data, warnings)).toHaveLength(2);
    expect(warnings).toEqual([
      `shc_test_med: 2 rows of ${join(data, 'medhelm-TEST-dataset_filtered.csv')} repeat an earlier row's prompt and were merged into it, as HELM does (the first row's position, the last row's label): line 4 into line 2 (label "A" -> "B"), line 5 into line 3.`,
    ]);
  });

  it("reports ENT's rows skipped for an empty label", async () => {
    const ent = {
      ...TEST_MED,
      choices: ['A', 'B', 'C'],
      prompt: { counterPrefix: '', skipEmptyLabels: true },
    };
    const data = dataFolder('prompt,context,label\nIs it?,one,C\nIs it?,two,\nIs it?,three,A\n');
    const warnings: string[] = [];
    const instances = await load(ent, data, warnings);
    expect(instances.map((instance) => instance.input.text.slice(0, 2))).toEqual(['1 ', '2 ']);
    expect(warnings).toEqual([
      `shc_test_med: 1 row of ${join(data, 'medhelm-TEST-dataset_filtered.csv')} with an empty label skipped, as HELM does (they do not advance the prompts' counter): line 3.`,
    ]);
  });

  it('stops before any model call when no row can be scored', async () => {
    const data = dataFolder('prompt,context,label\nIs it?,one,yes\nIs it?,two,no\n');
    const error = await load(TEST_MED, data).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(DatasetLoadError.isInstance(error)).toBe(true);
    expect((error as DatasetLoadError).message).toBe(
      `${join(data, 'medhelm-TEST-dataset_filtered.csv')}, field "label": No row has a label among A, B, so there is nothing to score.`,
    );
  });
});
