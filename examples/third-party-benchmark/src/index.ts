import { fileURLToPath } from 'node:url';
import { multipleChoiceBenchmarkParts } from '@medhelm/benchmark-recipes';
import {
  type DatasetFileV1,
  defineBenchmark,
  defineBenchmarkPlugin,
  reference,
  TEST_SPLIT,
} from '@medhelm/core';
import { defineFileDatasetLoader, parseRow, readJsonLines } from '@medhelm/datasets';
import { z } from 'zod';

/** The package name: the plugin is named after it, so errors and listings point at it. */
const PACKAGE_NAME = 'medhelm-benchmark-clinical-mcq';

/** The id runs use (`--benchmarks clinical_mcq`); it names run directories, as HELM's scenario names do. */
export const CLINICAL_MCQ_ID = 'clinical_mcq';

/**
 * The questions, shipped whole inside the package (`data/` is in package.json "files"): no URL,
 * nothing to download, and `--sample` is not needed. `../data` resolves from `src/` and `dist/`.
 */
export const CLINICAL_MCQ_FILE: DatasetFileV1 = {
  name: 'questions.jsonl',
  packagedPath: fileURLToPath(new URL('../data/questions.jsonl', import.meta.url)),
};

/** One line of questions.jsonl: a question, its options in order and the index of the correct one. */
export const clinicalMcqRowSchema = z.object({
  id: z.string().min(1),
  question: z.string().min(1),
  options: z.array(z.string().min(1)).min(2).max(26),
  answer: z.number().int().nonnegative(),
});

const DESCRIPTION = 'Eight invented multiple-choice questions on everyday clinical knowledge (an example).';

/** The benchmark: every field of `BenchmarkV1`, the prompt, normalizer and scorers from the recipe. */
export const clinicalMcqBenchmark = defineBenchmark({
  id: CLINICAL_MCQ_ID,
  displayName: 'ClinicalMCQ (example)',
  description: DESCRIPTION,
  category: 'Clinical Decision Support',
  subcategory: 'Providing Clinical Knowledge Support',
  // access and license come from the dataset: stated once.
  dataset: defineFileDatasetLoader({
    license: 'Apache-2.0',
    // The data has no upstream besides this package (its SOURCE.md says where it comes from).
    upstream: { url: `npm:${PACKAGE_NAME}/data/questions.jsonl` },
    // Its questions were written for this example (data/SOURCE.md): say so, so that results on
    // them are labelled invented.
    sampleInvented: true,
    files: [CLINICAL_MCQ_FILE],
    async *read(path) {
      // A malformed line is a DatasetLoadError naming the file, the line and the field.
      for await (const { line, value } of readJsonLines(path)) {
        const row = parseRow(clinicalMcqRowSchema, value, { file: path, line });
        yield {
          id: row.id,
          input: { text: row.question },
          references: row.options.map((option, index) => reference(option, index === row.answer)),
          split: TEST_SPLIT,
        };
      }
    },
  }),
  // HELM's zero-shot multiple_choice_joint prompt, the letter mapped back to its option's text,
  // the exact-match family, and exact_match on test as the headline.
  ...multipleChoiceBenchmarkParts({
    instructions: 'Answer with the letter of the correct option only.',
    inputNoun: 'Question',
    outputNoun: 'Answer',
  }),
  // What run_spec.json and scenario.json say of the scenario. No HELM class stands behind this
  // benchmark, so the names are its own (for a HELM scenario, helmScenario() in the recipes).
  helm: {
    scenarioClassName: 'medhelm_benchmark_clinical_mcq.ClinicalMCQScenario',
    scenarioArgs: {},
    scenarioName: CLINICAL_MCQ_ID,
    scenarioDescription: DESCRIPTION,
    tags: ['question_answering', 'biomedical'],
    definitionPath: `npm:${PACKAGE_NAME}/src/index.ts`,
    groups: [CLINICAL_MCQ_ID],
  },
});

/** The plugin the runner loads: registers {@link clinicalMcqBenchmark}. */
export const plugin = defineBenchmarkPlugin(PACKAGE_NAME, clinicalMcqBenchmark);
