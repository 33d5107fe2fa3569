import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  type ChatMessage,
  type DatasetFileV1,
  DatasetLoadError,
  type DatasetLoaderV1,
  type Instance,
} from '@medhelm/core';
import { defineFileDatasetLoader } from '@medhelm/datasets';
import {
  type CandidateSystemMessage,
  HEALTHBENCH_SUBSET_URLS,
  type HealthBenchExample,
  type HealthBenchSubset,
  healthBenchCandidateMessages,
  parseHealthBenchLines,
  selectHealthBenchExamples,
} from '@medhelm/healthbench';

/** simple-evals' commit whose `healthbench_eval.py` reads these files (the URLs are its constants). */
export const SIMPLE_EVALS_REVISION = 'ee3b0318d8d1d9d72755a4120879be65f7c07e9e';

/** The bundled SYNTHETIC sample in HealthBench's exact line format (data/SOURCE.md); `../data` resolves from `src/` and `dist/`. */
const SYNTHETIC_SAMPLE = fileURLToPath(new URL('../data/healthbench_synthetic.jsonl', import.meta.url));

/** A subset's data file: OpenAI's public blob, named as upstream names it (also its name in a `--data-dir`). */
export function healthBenchFile(subset: HealthBenchSubset): DatasetFileV1 {
  const url = HEALTHBENCH_SUBSET_URLS[subset];
  return { name: url.slice(url.lastIndexOf('/') + 1), url, samplePath: SYNTHETIC_SAMPLE };
}

/** How a run chooses its examples and the candidate's system message (the run-entry arguments). */
export interface HealthBenchDataOptions {
  readonly subset: HealthBenchSubset;
  readonly numExamples?: number;
  readonly nRepeats?: number;
  readonly systemMessage: CandidateSystemMessage;
}

/** What an instance carries for the grader and the scorer (`extraData`). */
export interface HealthBenchExtraData {
  readonly prompt_id: string;
  readonly example_tags: readonly string[];
  readonly rubrics: HealthBenchExample['rubrics'];
  /** 0 for the first copy; the repeat's index otherwise (`n_repeats`). */
  readonly repeat: number;
}

/**
 * HealthBench's examples as `HealthBenchEval.__init__` selects them (`num_examples` by
 * `random.Random(0).sample`, then the list `n_repeats` times), one `test` instance each: its
 * conversation as the candidate's messages (after the sampler's system message, if any), its
 * rubric and tags in `extraData`. The id is the prompt id (`<prompt id>#<n>` for the n-th repeat).
 */
export function createHealthBenchDataset(options: HealthBenchDataOptions): DatasetLoaderV1 {
  const file = healthBenchFile(options.subset);
  return defineFileDatasetLoader({
    access: 'public',
    license: 'MIT',
    upstream: { url: 'https://github.com/openai/simple-evals', revision: SIMPLE_EVALS_REVISION },
    sampleInvented: true,
    files: [file],
    async *read(path) {
      let examples: HealthBenchExample[];
      try {
        examples = parseHealthBenchLines(await readFile(path, 'utf8'), path);
      } catch (error) {
        throw new DatasetLoadError((error as Error).message, { location: { file: path } });
      }
      const selected = selectHealthBenchExamples(examples, {
        numExamples: options.numExamples ?? null,
        nRepeats: options.nRepeats ?? 1,
      });
      const repeats = new Map<string, number>();
      for (const example of selected) {
        const repeat = repeats.get(example.prompt_id) ?? 0;
        repeats.set(example.prompt_id, repeat + 1);
        yield healthBenchInstance(example, repeat, options.systemMessage, path);
      }
    },
  });
}

/** One example as an instance; a message role other than system, user or assistant is a load error. */
function healthBenchInstance(
  example: HealthBenchExample,
  repeat: number,
  systemMessage: CandidateSystemMessage,
  path: string,
): Instance {
  const messages = healthBenchCandidateMessages(example.prompt, systemMessage).map(
    ({ role, content }): ChatMessage => {
      if (role !== 'system' && role !== 'user' && role !== 'assistant') {
        throw new DatasetLoadError(`example ${example.prompt_id} has a message with role "${role}".`, {
          location: { file: path },
        });
      }
      return { role, content };
    },
  );
  const extraData: HealthBenchExtraData = {
    prompt_id: example.prompt_id,
    example_tags: example.example_tags,
    rubrics: example.rubrics,
    repeat,
  };
  return {
    id: repeat === 0 ? example.prompt_id : `${example.prompt_id}#${repeat + 1}`,
    input: { text: messages.map((message) => `${message.role}: ${message.content}`).join('\n\n'), messages },
    references: [],
    split: 'test',
    extraData: { ...extraData },
  };
}
