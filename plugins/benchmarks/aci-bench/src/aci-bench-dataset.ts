import { fileURLToPath } from 'node:url';
import { cardDataSource } from '@medhelm/benchmark-recipes';
import {
  type DatasetFileV1,
  type DatasetLoaderV1,
  type Instance,
  TEST_SPLIT,
  TRAIN_SPLIT,
} from '@medhelm/core';
import { defineFileDatasetLoader, parseRow, readJsonObjectList } from '@medhelm/datasets';
import { ACI_BENCH_CARD } from './aci-bench-card.ts';
import { aciBenchEntrySchema, aciBenchInstance } from './aci-bench-instance.ts';

/** The wyim/aci-bench commit HELM downloads from (HELM pins it in `ACIBenchScenario.PREFIX`). */
export const ACI_BENCH_REVISION = 'e75b383172195414a7a68843ec4876e83e5409f7';

const PREFIX = `https://raw.githubusercontent.com/wyim/aci-bench/${ACI_BENCH_REVISION}/data`;

/**
 * One upstream file of `data/challenge_data_json/`. The name keeps the upstream folder, so a
 * `--data-dir` may be a checkout's `data/` folder (or the shared sample's layout); the bundled
 * sample holds 5 real encounters of each file; `../data` resolves from both `src/` and `dist/`.
 */
function aciBenchFile(fileName: string): DatasetFileV1 {
  const name = `challenge_data_json/${fileName}`;
  return {
    name,
    url: `${PREFIX}/${name}`,
    revision: ACI_BENCH_REVISION,
    samplePath: fileURLToPath(new URL(`../data/${name}`, import.meta.url)),
  };
}

/** HELM's `TRAIN_URL`: loaded as split `train` (never prompted: MedHELM is zero-shot), but counted in the ids. */
export const ACI_BENCH_TRAIN_FILE: DatasetFileV1 = aciBenchFile('train_full.json');

/** HELM's `TEST_URLS`, in HELM's order (which is not the files' alphabetical order). */
export const ACI_BENCH_TEST_FILES: readonly DatasetFileV1[] = [
  aciBenchFile('clinicalnlp_taskB_test1_full.json'),
  aciBenchFile('clef_taskC_test3_full.json'),
  aciBenchFile('clinicalnlp_taskC_test2_full.json'),
];

/**
 * Reads one ACI-Bench file (`{"data": [{"src", "tgt", "file"}, ...]}`) and yields its encounters
 * in file order. A malformed file or encounter is a DatasetLoadError naming the file, line,
 * encounter (1-based position in `data`) and field.
 */
export async function* readAciBenchFile(
  path: string,
  split: string,
  signal?: AbortSignal,
): AsyncGenerator<Instance> {
  // HELM: data["data"] raises KeyError, and iterating anything but a list is not ACI-Bench.
  for (const { value, line, row } of await readJsonObjectList(path, 'data', { itemNoun: 'encounters' })) {
    signal?.throwIfAborted();
    yield aciBenchInstance(parseRow(aciBenchEntrySchema, value, { file: path, line, row }), split);
  }
}

/**
 * Reads ACI-Bench as HELM's ACIBenchScenario does: `train_full.json` as split `train`, then the
 * three test files as split `test`, in HELM's URL order (task B test 1, CLEF task C test 3, task
 * C test 2). Train instances come first, so test ids start after them (`id67` on the full data).
 */
export function createAciBenchDataset(): DatasetLoaderV1 {
  return defineFileDatasetLoader({
    ...cardDataSource(ACI_BENCH_CARD, ACI_BENCH_REVISION),
    files: [ACI_BENCH_TRAIN_FILE, ...ACI_BENCH_TEST_FILES],
    read: (path, file, context) =>
      readAciBenchFile(path, file === ACI_BENCH_TRAIN_FILE ? TRAIN_SPLIT : TEST_SPLIT, context.signal),
  });
}
