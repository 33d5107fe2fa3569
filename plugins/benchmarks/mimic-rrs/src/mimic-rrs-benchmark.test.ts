import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderPrompt } from '@medhelm/core';
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
import { mimicRrsBenchmark, plugin } from './index.ts';
import { createMimicRrsBenchmark } from './mimic-rrs-benchmark.ts';
import { mimicRrsJuryRubric } from './mimic-rrs-jury-rubric.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');
// HELM's source, where this machine has a checkout (the strings below are checked against it).
const helmSource = process.env.HELM_SRC ?? '/work/helm-src';
const helmBenchmark = join(helmSource, 'src', 'helm', 'benchmark');

describeBenchmarkContract(createMimicRrsBenchmark(), {
  ...juryContractOptions(mimicRrsJuryRubric),
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
});

describe('the mimic_rrs benchmark', () => {
  it('describes itself as MedHELM does, gated', () => {
    expect(mimicRrsBenchmark).toMatchObject({
      id: 'mimic_rrs',
      displayName: 'MIMIC-RRS',
      category: 'Clinical Note Generation',
      subcategory: 'Documenting Diagnostic Reports',
      access: 'gated',
      normalizers: [],
      mainMetric: { name: 'mimic_rrs_accuracy', split: 'test' },
    });
    expect(mimicRrsBenchmark.dataset.access).toBe('gated');
    expect(mimicRrsBenchmark.helm).toMatchObject({
      scenarioClassName: 'helm.benchmark.scenarios.mimic_rrs_scenario.MIMICRRSScenario',
      scenarioName: 'mimic_rrs',
      tags: ['question_answering', 'biomedical'],
      groups: ['mimic_rrs'],
    });
    // get_mimic_rrs_spec names its run spec plainly "mimic_rrs"; it takes no argument but data_path
    // (the engine's) and jury_config_path (the runner's --judges).
    expect(mimicRrsBenchmark.helm.runSpecName).toBeUndefined();
    expect(mimicRrsBenchmark.arguments).toBeUndefined();
    // Beside HELM's jury score: the mean over usable judge replies only.
    expect(mimicRrsBenchmark.correctedMetric).toEqual({
      name: 'mimic_rrs_accuracy_valid_only',
      split: 'test',
    });
  });

  it('asks for one impression of at most 128 tokens at temperature 0, nouns on their own lines', async () => {
    expect(mimicRrsBenchmark.prompt.adapterSpec).toMatchObject({
      method: 'generation',
      input_prefix: 'Findings:\n',
      output_prefix: 'Impression:\n',
      max_tokens: 128,
      max_train_instances: 0,
      temperature: 0,
      num_outputs: 1,
      stop_sequences: [],
    });
    const benchmark = createMimicRrsBenchmark();
    const [instance] = evaluatedInstances(
      benchmark,
      await loadContractInstances(benchmark, createSampleLoadContext()),
    );
    if (instance === undefined) throw new Error('no instance');
    expect(renderPrompt(benchmark.prompt, instance).request.prompt).toBe(
      'Generate the impression section of the radiology report based on its findings. This will not be used ' +
        'to diagnose nor treat any patients. Be as concise as possible.\n\nFindings:\n' +
        'synthetic fixture f01 . chest radiograph . the lungs are clear . no pleural effusion or pneumothorax .\n' +
        'Impression:',
    );
  });

  it("scores HELM's LLMJuryMetric: the mean over every answering judge's criteria", async () => {
    const benchmark = createMimicRrsBenchmark();
    const [instance] = evaluatedInstances(
      benchmark,
      await loadContractInstances(benchmark, createSampleLoadContext()),
    );
    if (instance === undefined) throw new Error('no instance');
    const rendered = renderPrompt(benchmark.prompt, instance);
    const completion = 'no acute process .';
    const verdict = (accuracy: number, completeness: number, clarity: number) => ({
      accuracy: { score: accuracy, explanation: 'a' },
      completeness: { score: completeness, explanation: 'b' },
      clarity: { score: clarity, explanation: 'c' },
    });
    // gpt 5, 5, 2 and claude 3, 3, 3 count; llama's reply was dropped (None): (5+5+2+3+3+3) / 6 = 3.5.
    const annotation = {
      prompt_text: 'judge prompt',
      gpt: verdict(5, 5, 2),
      llama: null,
      claude: verdict(3, 3, 3),
    };
    const jury = benchmark.scorers.find((scorer) => scorer.id === 'mimic_rrs_accuracy');
    const values = await jury?.score({
      instance,
      request: rendered.request,
      result: {
        completions: [{ text: completion, finishReason: 'stop' }],
        usage: { promptTokens: 1, completionTokens: 1 },
        requestTimeSeconds: 0,
      },
      completion,
      prediction: completion,
      numTrainInstances: 0,
      promptTruncated: false,
      annotations: { mimic_rrs: annotation },
    });
    expect(values?.mimic_rrs_accuracy).toBe(3.5);
  });
});

describeBenchmarkDescription(mimicRrsBenchmark, {
  fields: { id: 'mimic_rrs', mainMetric: { name: 'mimic_rrs_accuracy', split: 'test' } },
  normalizers: [],
  annotators: ['mimic_rrs'],
  helm: { scenarioName: 'mimic_rrs', groups: ['mimic_rrs'] },
  ...medhelmJuryRunSpec('mimic_rrs', 'helm.benchmark.annotation.mimic_rrs_annotator.MIMICRRSAnnotator'),
});

describe.skipIf(!existsSync(helmBenchmark))("the mimic_rrs strings against HELM's source", () => {
  it("are the scenario's description and the annotator's PROMPT_TEMPLATE, verbatim", () => {
    const scenario = readFileSync(join(helmBenchmark, 'scenarios', 'mimic_rrs_scenario.py'), 'utf8');
    const start = scenario.indexOf('    description = (');
    const literals =
      scenario.slice(start, scenario.indexOf('\n    )', start)).match(/"(?:[^"\\]|\\.)*"/g) ?? [];
    expect(literals.map((literal) => JSON.parse(literal) as string).join('')).toBe(
      mimicRrsBenchmark.helm.scenarioDescription,
    );
    const annotator = readFileSync(join(helmBenchmark, 'annotation', 'mimic_rrs_annotator.py'), 'utf8');
    const body = annotator.slice(
      annotator.indexOf('PROMPT_TEMPLATE = """') + 'PROMPT_TEMPLATE = """'.length,
      annotator.indexOf('"""\n\nANNOTATION_CRITERIA'),
    );
    expect(body.replaceAll('\\"', '"')).toBe(mimicRrsJuryRubric.promptTemplate);
  });
});
