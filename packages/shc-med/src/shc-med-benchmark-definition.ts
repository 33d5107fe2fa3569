import type { BenchmarkCard } from '@medhelm/benchmark-recipes';
import type { DatasetFileV1 } from '@medhelm/core';
import type { ShcMedPromptDefinition } from './shc-med-prompt.ts';

/**
 * One of MedHELM's ten Stanford Health Care multiple-choice benchmarks (`shc_*_med`): what sets it
 * apart from the others. All read one CSV of `prompt` (the question), `context` (a note or a
 * message) and `label` (the correct letter), ask HELM's zero-shot lettered question with empty
 * nouns and score HELM's exact-match family.
 */
export interface ShcMedBenchmarkDefinition {
  /**
   * HELM's specification of the benchmark (its `benchmark-card.json`, from `readBenchmarkCard`):
   * id, metadata, the data source (private, the SHC license, the publication HELM cites or the
   * MedHELM paper), the run spec's prompt (its instructions, `inputNoun: ""`, `outputNoun: ""`,
   * `maxTrainInstances: 5`) and HELM's scenario (class, `description` attribute, tags).
   */
  card: BenchmarkCard;
  /**
   * The CSV, named as on MedHELM's leaderboard (`medhelm-BMT-dataset_filtered.csv`), with the
   * package's synthetic fixture as `samplePath`. It cannot be downloaded.
   */
  file: DatasetFileV1;
  /** HELM's `POSSIBLE_ANSWER_CHOICES`: the references, in order (`A`, `B`, or `A`, `B`, `C`). */
  choices: readonly string[];
  /** How the scenario words its prompt. */
  prompt: ShcMedPromptDefinition;
}
