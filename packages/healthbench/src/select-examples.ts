import { pythonRandomSample } from './python-random-sample.ts';

/** HealthBench's subsets and the public files simple-evals reads them from. */
export const HEALTHBENCH_SUBSET_URLS = {
  full: 'https://openaipublic.blob.core.windows.net/simple-evals/healthbench/2025-05-07-06-14-12_oss_eval.jsonl',
  hard: 'https://openaipublic.blob.core.windows.net/simple-evals/healthbench/hard_2025-05-08-21-00-10.jsonl',
  consensus:
    'https://openaipublic.blob.core.windows.net/simple-evals/healthbench/consensus_2025-05-09-20-00-46.jsonl',
} as const;

/** A subset name (`full` is simple-evals' `subset_name=None`). */
export type HealthBenchSubset = keyof typeof HEALTHBENCH_SUBSET_URLS;

/** The physician-completion groups simple-evals knows, and whether each has reference completions. */
export const PHYSICIAN_COMPLETION_GROUPS: Readonly<Record<string, { readonly hasReference: boolean }>> = {
  'Group 1': { hasReference: false },
  'Group 2': { hasReference: true },
  'Group 3': { hasReference: true },
};

/** The fields of a HealthBench line that example selection reads. */
export interface SelectableExample {
  readonly ideal_completions_data?: {
    readonly ideal_completion: string;
    readonly ideal_completions_group: string;
    readonly ideal_completions_ref_completions: readonly string[];
  } | null;
}

/** How examples are chosen (`HealthBenchEval.__init__`'s arguments). */
export interface SelectExamplesOptions {
  readonly numExamples?: number | null;
  readonly nRepeats?: number;
  readonly physicianCompletionsMode?: string | null;
  readonly runReferenceCompletions?: boolean;
}

/** An example chosen, with the completion to grade in physician-completion modes. */
export type SelectedExample<T> = T & { readonly completion_to_trial?: string };

/** A choice simple-evals refuses with an AssertionError. */
export class HealthBenchSelectionError extends Error {
  override readonly name = 'HealthBenchSelectionError';
}

/**
 * `HealthBenchEval.__init__` (healthbench_eval.py:264-354) after reading the file: in a physician
 * mode, the examples of that group with their completion to trial (four copies, one per reference
 * completion, with `runReferenceCompletions`); then `random.Random(0).sample(examples, k)` when
 * `numExamples` is below the count; then the whole list `nRepeats` times.
 */
export function selectHealthBenchExamples<T extends SelectableExample>(
  examples: readonly T[],
  options: SelectExamplesOptions = {},
): SelectedExample<T>[] {
  let chosen: SelectedExample<T>[] = [...examples];
  const mode = options.physicianCompletionsMode ?? null;
  if (mode !== null) {
    const group = PHYSICIAN_COMPLETION_GROUPS[mode];
    if (group === undefined)
      throw new HealthBenchSelectionError(`Invalid physician completions mode: ${mode}`);
    const matching = examples.filter(
      (example) => example.ideal_completions_data?.ideal_completions_group === mode,
    );
    if (options.runReferenceCompletions === true) {
      if (!group.hasReference) throw new HealthBenchSelectionError(`${mode} has no reference completions`);
      chosen = matching.flatMap((example) =>
        example.ideal_completions_data!.ideal_completions_ref_completions.map((completion) => ({
          ...structuredClone(example),
          completion_to_trial: completion,
        })),
      );
      if (chosen.length !== matching.length * 4) {
        throw new HealthBenchSelectionError('every example must have exactly 4 reference completions');
      }
    } else {
      chosen = matching.map((example) => ({
        ...example,
        completion_to_trial: example.ideal_completions_data!.ideal_completion,
      }));
    }
  }
  const numExamples = options.numExamples ?? null;
  if (numExamples !== null && numExamples < chosen.length)
    chosen = pythonRandomSample(chosen, numExamples, 0);
  const repeats = options.nRepeats ?? 1;
  return Array.from({ length: repeats }, () => chosen).flat();
}
