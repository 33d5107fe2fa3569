import type { DatasetLoaderV1 } from '@medhelm/core';

/**
 * `dataset` without the instances whose dialogue (the input text, MedDialog's `src`) an earlier
 * instance already had: the first of each stays, in file order, as HELM PR #4342's `dedup=True`
 * keeps it. Ids are given after, so the instances left are numbered `id0`, `id1`, ... without gaps,
 * as HELM numbers whatever its scenario returns. MedDialog reads one file (the subset's test
 * split), so the dialogue alone is the key, as in the PR.
 */
export function withoutRepeatedDialogues(dataset: DatasetLoaderV1): DatasetLoaderV1 {
  return {
    ...dataset,
    async *load(context) {
      const seen = new Set<string>();
      for await (const instance of dataset.load(context)) {
        if (seen.has(instance.input.text)) continue;
        seen.add(instance.input.text);
        yield instance;
      }
    },
  };
}
