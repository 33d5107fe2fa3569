import { cardDataSource } from '@medhelm/benchmark-recipes';
import type { DatasetLoaderV1, Instance } from '@medhelm/core';
import {
  bundledSampleFile,
  defineFileDatasetLoader,
  parseRow,
  readJsonLines,
  testInstance,
} from '@medhelm/datasets';
import { z } from 'zod';
import { MIMIC_BHC_CARD } from './mimic-bhc-card.ts';

/** How the data is obtained; quoted by every error about missing files. */
export const MIMIC_BHC_OBTAIN =
  'PhysioNet credentialed access (CITI "Data or Specimens Only Research" training and the PhysioNet Credentialed Health Data Use Agreement) to MIMIC-IV-Ext-BHC (Aali et al., 2024), https://physionet.org/content/labelled-notes-hospital-course/; save its notes as JSON Lines with "input" and "target" per line, named mimic_iv_bhc.json, in the data folder';

/**
 * The JSON Lines file HELM's MIMICBHCScenario reads (`data_path` in HELM: the leaderboard's file is
 * `mimic_iv_bhc.json`). The bundled copy is a synthetic fixture in the same format.
 */
export const MIMIC_BHC_FILE = bundledSampleFile('mimic_iv_bhc.json', import.meta.url);

/**
 * The fields of a line HELM reads: `input` (the preprocessed discharge note) and `target` (its
 * brief hospital course). Other fields (`note_id`, token counts) are ignored. HELM skips a line
 * whose input or target is empty or null; anything but a string or null is not this dataset.
 */
export const mimicBhcLineSchema = z.object({
  input: z.string().nullable(),
  target: z.string().nullable(),
});

/**
 * Reads MIMIC-IV-BHC as HELM's MIMICBHCScenario does: every line of the file in order, one `test`
 * instance per line whose `input` and `target` are both non-empty (input: the note; one correct
 * reference: the summary). JSON is read as Python's `json.loads` reads it (`\uXXXX` escapes and raw
 * UTF-8 alike). Instances have no id: the engine numbers them `id0`, ... as HELM does.
 *
 * HELM parses every line with `json.loads`, so a blank line (an empty line inside the file, or one
 * left at its end) stops it with a JSONDecodeError before any model call. We skip blank lines and
 * run, with a warning naming them; every other line is read as HELM reads it. A line that is not
 * JSON, not an object, or lacks `input` or `target` is a DatasetLoadError with its line and field.
 */
export function createMimicBhcDataset(): DatasetLoaderV1 {
  return defineFileDatasetLoader({
    ...cardDataSource(MIMIC_BHC_CARD),
    files: [MIMIC_BHC_FILE],
    obtain: MIMIC_BHC_OBTAIN,
    async *read(path, _file, context) {
      const blankLines: number[] = [];
      let previousLine = 0;
      for await (const { line, value } of readJsonLines(path)) {
        for (let blank = previousLine + 1; blank < line; blank += 1) blankLines.push(blank);
        previousLine = line;
        const { input, target } = parseRow(mimicBhcLineSchema, value, { file: path, line });
        const instance = mimicBhcInstance(input, target);
        if (instance !== undefined) yield instance;
      }
      if (blankLines.length > 0) {
        context.warn?.(
          `mimic_bhc: ${path} has blank line${blankLines.length === 1 ? '' : 's'} (${describeLines(blankLines)}), which ${blankLines.length === 1 ? 'was' : 'were'} skipped; HELM's MIMICBHCScenario stops on them with a JSONDecodeError.`,
        );
      }
    },
  });
}

/** HELM's instance for one line, or undefined when HELM skips it (`not input or not target`). */
export function mimicBhcInstance(input: string | null, target: string | null): Instance | undefined {
  if (!input || !target) return undefined;
  return testInstance(input, target);
}

function describeLines(lines: readonly number[]): string {
  const shown = lines.slice(0, 5).join(', ');
  return lines.length > 5
    ? `lines ${shown} and ${lines.length - 5} more`
    : `line${lines.length === 1 ? '' : 's'} ${shown}`;
}
