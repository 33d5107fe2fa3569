import { describe, expect, it } from 'vitest';
import { helmScenario } from './helm-scenario.ts';

describe('helmScenario', () => {
  it("derives definition_path from the class's module, as HELM does, with empty args and the name as group", () => {
    expect(
      helmScenario({
        className: 'helm.benchmark.scenarios.med_qa_scenario.MedQAScenario',
        name: 'med_qa',
        description: 'An open domain question answering (QA) dataset.',
        tags: ['question_answering', 'biomedical'],
      }),
    ).toEqual({
      scenarioClassName: 'helm.benchmark.scenarios.med_qa_scenario.MedQAScenario',
      scenarioArgs: {},
      scenarioName: 'med_qa',
      scenarioDescription: 'An open domain question answering (QA) dataset.',
      tags: ['question_answering', 'biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/med_qa_scenario.py',
      groups: ['med_qa'],
    });
  });

  it('keeps given args, groups and run spec name', () => {
    expect(
      helmScenario({
        className: 'helm.benchmark.scenarios.headqa_scenario.HeadQAScenario',
        name: 'head_qa',
        description: 'd',
        tags: [],
        args: { language: 'en', category: null },
        groups: ['biomedical', 'head_qa'],
        runSpecName: 'head_qa:language=en,category=None',
      }),
    ).toMatchObject({
      runSpecName: 'head_qa:language=en,category=None',
      scenarioArgs: { language: 'en', category: null },
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/headqa_scenario.py',
      groups: ['biomedical', 'head_qa'],
    });
  });
});
