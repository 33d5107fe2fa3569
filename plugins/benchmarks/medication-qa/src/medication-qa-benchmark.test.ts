import { join } from 'node:path';
import { type IdentifiedInstance, renderPrompt } from '@medhelm/core';
import { juryContractOptions } from '@medhelm/jury';
import {
  createSampleLoadContext,
  describeBenchmarkContract,
  describeBenchmarkDescription,
  loadBenchmarkInstances,
  medhelmJuryRunSpec,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { medicationQaBenchmark, plugin } from './index.ts';
import { createMedicationQaBenchmark } from './medication-qa-benchmark.ts';
import { medicationQaJuryRubric } from './medication-qa-jury-rubric.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');

// Runs on the bundled invented fixture (11 instances); the real rows are covered by the
// conformance tests. The jury cannot be called in a test, so its verdicts are simulated.
describeBenchmarkContract(createMedicationQaBenchmark(), {
  ...juryContractOptions(medicationQaJuryRubric),
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
});

describeBenchmarkDescription(medicationQaBenchmark, {
  fields: {
    id: 'medication_qa',
    displayName: 'MedicationQA',
    category: 'Patient Communication and Education',
    subcategory: 'Providing Patient Education Resources',
    access: 'public',
    mainMetric: { name: 'medication_qa_accuracy', split: 'test' },
  },
  normalizers: [],
  annotators: ['medication_qa'],
  helm: {
    scenarioClassName: 'helm.benchmark.scenarios.medication_qa_scenario.MedicationQAScenario',
    scenarioArgs: {},
    scenarioName: 'medication_qa',
    tags: ['knowledge', 'generation', 'question_answering', 'biomedical'],
    groups: ['medication_qa'],
  },
  // get_medication_qa_spec.
  ...medhelmJuryRunSpec(
    'medication_qa',
    'helm.benchmark.annotation.medication_qa_annotator.MedicationQAAnnotator',
  ),
});

describe('the medication_qa benchmark', () => {
  it("keeps HELM's class description, its lines concatenated without spaces", () => {
    expect(medicationQaBenchmark.helm.scenarioDescription).toContain('questionsspecifically');
  });

  it('renders a fixture question as HELM does and asks for 512 tokens at temperature 0', async () => {
    const [first] = await loadBenchmarkInstances(medicationQaBenchmark);
    expect(first).toBeDefined();
    const rendered = renderPrompt(medicationQaBenchmark.prompt, first as IdentifiedInstance);
    expect(rendered.request.prompt).toBe(
      'Please answer the following consumer health question.\n\nQuestion: [Invented fixture] how much examplatine can i take for a headache\nAnswer:',
    );
    expect(rendered.request).toMatchObject({
      maxTokens: 512,
      temperature: 0,
      numCompletions: 1,
      stopSequences: [],
    });
  });
});
