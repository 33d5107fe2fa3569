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
import { mediQaBenchmark, plugin } from './index.ts';
import { createMediQaBenchmark } from './medi-qa-benchmark.ts';
import { mediQaJuryRubric } from './medi-qa-jury-rubric.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');

// Runs on the bundled invented fixture (8 questions); the real questions are covered by the
// conformance tests. The jury cannot be called in a test, so its verdicts are simulated.
describeBenchmarkContract(createMediQaBenchmark(), {
  ...juryContractOptions(mediQaJuryRubric),
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
});

describeBenchmarkDescription(mediQaBenchmark, {
  fields: {
    id: 'medi_qa',
    displayName: 'MEDIQA',
    category: 'Patient Communication and Education',
    subcategory: 'Enhancing Patient Understanding and Accessibility in Health Communication',
    access: 'public',
    mainMetric: { name: 'medi_qa_accuracy', split: 'test' },
  },
  normalizers: [],
  annotators: ['medi_qa'],
  helm: {
    scenarioClassName: 'helm.benchmark.scenarios.medi_qa_scenario.MediQAScenario',
    scenarioArgs: {},
    scenarioName: 'medi_qa',
    tags: ['knowledge', 'biomedical'],
    groups: ['medi_qa'],
  },
  // get_medi_qa_spec.
  ...medhelmJuryRunSpec('medi_qa', 'helm.benchmark.annotation.medi_qa_annotator.MediQAAnnotator'),
});

describe('the medi_qa benchmark', () => {
  it("keeps HELM's class description, its lines concatenated without spaces", () => {
    expect(mediQaBenchmark.helm.scenarioDescription).toContain('generatemedically');
  });

  it('renders a fixture question as HELM does and asks for 1024 tokens at temperature 0', async () => {
    const instances = await loadBenchmarkInstances(mediQaBenchmark);
    const rendered = renderPrompt(mediQaBenchmark.prompt, instances[1] as IdentifiedInstance);
    expect(rendered.request.prompt).toBe(
      "Answer the following consumer health question.\n\nQuestion: [Invented fixture] fictional fever. My son's fever keeps coming back, what should I do?\nAnswer:",
    );
    expect(rendered.request).toMatchObject({
      maxTokens: 1024,
      temperature: 0,
      numCompletions: 1,
      stopSequences: [],
    });
  });
});
