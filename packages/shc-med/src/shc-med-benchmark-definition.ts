import type { DatasetFileV1, MedHelmCategory } from '@medhelm/core';
import type { ShcMedPromptDefinition } from './shc-med-prompt.ts';

/**
 * One of MedHELM's ten Stanford Health Care multiple-choice benchmarks (`shc_*_med`): what sets it
 * apart from the others. All read one CSV of `prompt` (the question), `context` (a note or a
 * message) and `label` (the correct letter), ask HELM's zero-shot lettered question with empty
 * nouns and score HELM's exact-match family.
 */
export interface ShcMedBenchmarkDefinition {
  /** HELM's run spec and scenario name, e.g. `shc_bmt_med`. */
  id: string;
  /** The leaderboard's name (HELM's ScenarioMetadata display_name), e.g. `BMT-Status`. */
  displayName: string;
  /** HELM's ScenarioMetadata description (the leaderboard's). */
  description: string;
  category: MedHelmCategory;
  subcategory: string;
  /** HELM's scenario class (full Python path) and its `description` attribute verbatim. */
  scenario: { className: string; description: string };
  /**
   * The CSV, named as on MedHELM's leaderboard (`medhelm-BMT-dataset_filtered.csv`), with the
   * package's synthetic fixture as `samplePath`. It cannot be downloaded.
   */
  file: DatasetFileV1;
  /** HELM's `POSSIBLE_ANSWER_CHOICES`: the references, in order (`A`, `B`, or `A`, `B`, `C`). */
  choices: readonly string[];
  /** The run spec's instructions, e.g. `Answer A or B.` */
  instructions: string;
  /** How the scenario words its prompt. */
  prompt: ShcMedPromptDefinition;
  /** The publication HELM cites for the dataset, if any (the loader's upstream; else the MedHELM paper). */
  publication?: string;
}
