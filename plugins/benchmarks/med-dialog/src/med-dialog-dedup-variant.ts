import type { BenchmarkVariantV1 } from '@medhelm/core';
import { withoutRepeatedDialogues } from './without-repeated-dialogues.ts';

/** HELM's pull request the variant reproduces (open at 63754d05) and the issue it fixes. */
const REFERENCES = [
  'https://github.com/stanford-crfm/helm/pull/4342',
  'https://github.com/stanford-crfm/helm/issues/3746',
];

/**
 * The opt-in MedDialog variant `dedup`: HELM PR #4342's `dedup=True`. The upstream test files
 * repeat dialogues (iCliniq: 3,108 examples, 2,069 distinct `src`; HealthCareMagic: none), so a
 * repeated dialogue counts several times in HELM's score. The variant keeps the first of each in
 * file order and, as the PR's scenario spec does, adds `dedup: true` to the scenario args
 * (run_spec.json, scenario.json). Prompt, jury and metrics stay HELM's.
 */
export const medDialogDedupVariant: BenchmarkVariantV1 = {
  name: 'dedup',
  description:
    "HELM PR #4342 (open, not merged; issue #3746): a dialogue already seen earlier in the subset's test file is left out, the first kept (iCliniq test: 2,069 of 3,108 examples remain; HealthCareMagic has no repeats).",
  references: REFERENCES,
  apply: (benchmark) => ({
    ...benchmark,
    dataset: withoutRepeatedDialogues(benchmark.dataset),
    helm: { ...benchmark.helm, scenarioArgs: { ...benchmark.helm.scenarioArgs, dedup: true } },
  }),
};
