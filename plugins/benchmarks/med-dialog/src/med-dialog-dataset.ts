import { fileURLToPath } from 'node:url';
import { cardDataSource } from '@medhelm/benchmark-recipes';
import { ConfigError, type DatasetFileV1, type DatasetLoaderV1 } from '@medhelm/core';
import { defineFileDatasetLoader, parseRow, readJsonObjectList } from '@medhelm/datasets';
import { MED_DIALOG_CARD } from './med-dialog-card.ts';
import { medDialogExampleSchema, medDialogInstance } from './med-dialog-instance.ts';

/** The subsets MedDialogScenario accepts (it asserts `subset in ["healthcaremagic", "icliniq"]`). */
export const MED_DIALOG_SUBSETS = ['healthcaremagic', 'icliniq'] as const;

export type MedDialogSubset = (typeof MED_DIALOG_SUBSETS)[number];

/**
 * The subset this package runs unless told otherwise. HELM's run spec function has no default
 * (`subset` is required) and MedHELM's leaderboard runs both; HealthCareMagic is the larger one
 * and the first of HELM's list.
 */
export const MED_DIALOG_DEFAULT_SUBSET: MedDialogSubset = 'healthcaremagic';

/**
 * The CodaLab bundle HELM downloads from. A bundle id names immutable contents, so it pins the
 * data as a commit would.
 */
export const MED_DIALOG_BUNDLE = '0x82f0c47f6d3e4462ae9ef8ea39eebe64';

/**
 * The test split of one subset, at HELM's URL. The name keeps the subset folder, as in the bundle
 * and in HELM's download folder (`<output_path>/<subset>/test.json`). The bundled files are
 * invented fixtures in the upstream format (the data may not be redistributed); `../data`
 * resolves from both `src/` and `dist/`.
 */
export function medDialogTestFile(subset: MedDialogSubset): DatasetFileV1 {
  const name = `${subset}/test.json`;
  return {
    name,
    url: `https://worksheets.codalab.org/rest/bundles/${MED_DIALOG_BUNDLE}/contents/blob/${name}`,
    revision: MED_DIALOG_BUNDLE,
    samplePath: fileURLToPath(new URL(`../data/${name}`, import.meta.url)),
  };
}

/** Checks a subset name as MedDialogScenario's constructor does (HELM raises AssertionError). */
export function medDialogSubset(subset: string): MedDialogSubset {
  if (!(MED_DIALOG_SUBSETS as readonly string[]).includes(subset)) {
    throw new ConfigError(`Invalid subset specified for med_dialog: ${subset}.`, {
      hint: `Use one of ${MED_DIALOG_SUBSETS.join(', ')}.`,
    });
  }
  return subset as MedDialogSubset;
}

/**
 * Reads MedDialog as HELM's MedDialogScenario does for one subset: only `<subset>/test.json`
 * (`{"data": [{"src", "tgt"}, ...]}`), every example a `test` instance in file order. A malformed
 * file or example is a DatasetLoadError naming the file, line, example (1-based position in
 * `data`) and field.
 */
export function createMedDialogDataset(options: { subset?: MedDialogSubset } = {}): DatasetLoaderV1 {
  const subset = medDialogSubset(options.subset ?? MED_DIALOG_DEFAULT_SUBSET);
  return defineFileDatasetLoader({
    ...cardDataSource(MED_DIALOG_CARD, MED_DIALOG_BUNDLE),
    files: [medDialogTestFile(subset)],
    async *read(path) {
      // HELM: json.load(f)["data"] raises KeyError, and iterating anything but a list is not MedDialog.
      for (const { value, line, row } of await readJsonObjectList(path, 'data', { itemNoun: 'examples' })) {
        yield medDialogInstance(parseRow(medDialogExampleSchema, value, { file: path, line, row }));
      }
    },
  });
}
