import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchmarkMetricSpecs, renderPrompt } from '@medhelm/core';
import { extractIcdCodes } from '@medhelm/metrics';
import {
  createSampleLoadContext,
  describeBenchmarkContract,
  evaluatedInstances,
  loadContractInstances,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { mimicivBillingCodeBenchmark, plugin } from './index.ts';
import { createMimicivBillingCodeBenchmark } from './mimiciv-billing-code-benchmark.ts';
import { MIMICIV_BILLING_CODE_CARD } from './mimiciv-billing-code-card.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');
const helmSource = process.env.HELM_SRC ?? '/work/helm-src';
const helmBenchmark = join(helmSource, 'src', 'helm', 'benchmark');

describeBenchmarkContract(createMimicivBillingCodeBenchmark(), {
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
  // A reference without a code HELM's regex reads (empty target, "None") has no F1: HELM's
  // metric raises there (see the README), so the oracle cannot reach 1 on those rows.
  oracleReachesMaximum: (instance) => extractIcdCodes(instance.references[0]?.output.text ?? '').length > 0,
});

async function firstInstance() {
  const benchmark = createMimicivBillingCodeBenchmark();
  const instances = evaluatedInstances(
    benchmark,
    await loadContractInstances(benchmark, createSampleLoadContext()),
  );
  return { benchmark, instances };
}

describe('the mimiciv_billing_code benchmark', () => {
  it('describes itself as MedHELM does, gated, with the corrected F1 beside the headline', () => {
    expect(mimicivBillingCodeBenchmark).toMatchObject({
      id: 'mimiciv_billing_code',
      displayName: 'MIMIC-IV Billing Code',
      category: 'Administration and Workflow',
      subcategory: 'Overseeing Financial Activities',
      access: 'gated',
      normalizers: [],
      mainMetric: { name: 'mimiciv_billing_code_f1', split: 'test' },
      correctedMetric: { name: 'mimiciv_billing_code_f1_corrected', split: 'test' },
    });
    expect(mimicivBillingCodeBenchmark.helm).toMatchObject({
      scenarioClassName: 'helm.benchmark.scenarios.mimiciv_billing_code_scenario.MIMICIVBillingCodeScenario',
      scenarioName: 'mimiciv_billing_code',
      tags: ['question_answering', 'biomedical'],
      groups: ['mimiciv_billing_code'],
    });
    expect(mimicivBillingCodeBenchmark.helm.runSpecName).toBeUndefined();
    expect(mimicivBillingCodeBenchmark.arguments).toBeUndefined();
    expect(mimicivBillingCodeBenchmark.annotators).toBeUndefined();
  });

  it("lists get_mimiciv_billing_code_spec's metric_specs exactly; HELM's two scorers bring them", () => {
    expect(JSON.stringify(benchmarkMetricSpecs(mimicivBillingCodeBenchmark))).toBe(
      JSON.stringify([
        {
          class_name: 'helm.benchmark.metrics.mimiciv_billing_code_metrics.MIMICIVBillingCodeMetric',
          args: {},
        },
        { class_name: 'helm.benchmark.metrics.basic_metrics.InstancesPerSplitMetric', args: {} },
      ]),
    );
    expect(
      mimicivBillingCodeBenchmark.scorers.map((scorer) => [
        scorer.id,
        scorer.helmMetricSpecs?.[0]?.class_name,
      ]),
    ).toEqual([
      [
        'mimiciv_billing_code',
        'helm.benchmark.metrics.mimiciv_billing_code_metrics.MIMICIVBillingCodeMetric',
      ],
      ['helm_generic_metrics', 'helm.benchmark.metrics.basic_metrics.InstancesPerSplitMetric'],
      ['mimiciv_billing_code_corrected', undefined],
    ]);
    const statNames = mimicivBillingCodeBenchmark.scorers.flatMap((scorer) => scorer.statNames);
    expect(statNames).toContain('mimiciv_billing_code_f1');
    expect(statNames).toContain('mimiciv_billing_code_f1_corrected');
  });

  it('asks for the codes in at most 256 tokens at temperature 0, nouns on their own lines', async () => {
    const { benchmark, instances } = await firstInstance();
    expect(benchmark.prompt.adapterSpec).toMatchObject({
      method: 'generation',
      input_prefix: 'Note:\n',
      output_prefix: 'Predicted ICD-10 Codes:\n',
      max_tokens: 256,
      max_train_instances: 0,
      temperature: 0,
      num_outputs: 1,
      stop_sequences: [],
    });
    const [instance] = instances;
    if (instance === undefined) throw new Error('no instance');
    expect(renderPrompt(benchmark.prompt, instance).request.prompt).toBe(
      `Given the following clinical note, identify all relevant ICD-10 codes.\n\nNote:\n${instance.input.text}\nPredicted ICD-10 Codes:`,
    );
  });

  it("scores HELM's F1 and the corrected F1 of a completion side by side", async () => {
    const { benchmark, instances } = await firstInstance();
    // The fixture's 4th note: reference "F32.A,Z79.899". HELM's regex reads F32.A as the category
    // F32 and finds no code in an undotted answer; the corrected reading keeps F32A whole.
    const instance = instances[3];
    if (instance === undefined) throw new Error('no instance');
    expect(instance.references[0]?.output.text).toBe('F32.A,Z79.899');
    const rendered = renderPrompt(benchmark.prompt, instance);
    const score = async (completion: string) => {
      const values: Record<string, unknown> = {};
      for (const scorer of benchmark.scorers) {
        Object.assign(
          values,
          await scorer.score({
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
            annotations: {},
          }),
        );
      }
      return [values.mimiciv_billing_code_f1, values.mimiciv_billing_code_f1_corrected];
    };
    expect(await score('F32.A, Z79.899')).toEqual([1, 1]);
    // The bare category F32 matches F32.A for HELM, not for the corrected reading.
    expect(await score('F32, Z79.899')).toEqual([1, 0.5]);
    // MIMIC-IV's own undotted spelling: no code to HELM's regex past three characters.
    expect(await score('F32A Z79899')).toEqual([0, 1]);
  });
});

describe.skipIf(!existsSync(helmBenchmark))("the mimiciv_billing_code strings against HELM's source", () => {
  it("are the scenario's description and the run spec's instructions, verbatim", () => {
    const scenario = readFileSync(
      join(helmBenchmark, 'scenarios', 'mimiciv_billing_code_scenario.py'),
      'utf8',
    );
    const start = scenario.indexOf('    description = (');
    const literals =
      scenario.slice(start, scenario.indexOf('\n    )', start)).match(/"(?:[^"\\]|\\.)*"/g) ?? [];
    expect(literals.map((literal) => JSON.parse(literal) as string).join('')).toBe(
      mimicivBillingCodeBenchmark.helm.scenarioDescription,
    );
    const runSpecs = readFileSync(join(helmBenchmark, 'run_specs', 'medhelm_run_specs.py'), 'utf8');
    expect(runSpecs).toContain(`instructions="${MIMICIV_BILLING_CODE_CARD.prompt.instructions}"`);
  });
});
