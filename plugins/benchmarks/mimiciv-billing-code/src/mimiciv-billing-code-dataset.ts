import { cardDataSource } from '@medhelm/benchmark-recipes';
import { DatasetLoadError, type DatasetLoaderV1 } from '@medhelm/core';
import { bundledSampleFile, defineFileDatasetLoader, testInstance } from '@medhelm/datasets';
import { MIMICIV_BILLING_CODE_CARD } from './mimiciv-billing-code-card.ts';
import { readFeatherRows } from './read-feather-rows.ts';

/**
 * The preprocessed MIMIC-IV ICD-10 file HELM's leaderboard reads. `--data-dir <dir>` (or
 * `data_path=<dir>`) is the folder holding it, or `data_path=` names the file itself as in HELM; the bundled
 * fixture is synthetic; `../data` resolves from both `src/` and `dist/`.
 */
export const MIMICIV_BILLING_CODE_FILE = bundledSampleFile('mimiciv_icd10.feather', import.meta.url);

/** How the data is obtained: it cannot be downloaded. Quoted by the errors about missing files. */
export const MIMICIV_BILLING_CODE_OBTAIN =
  'PhysioNet credentialed access to MIMIC-IV and MIMIC-IV-Note (CITI "Data or Specimens Only Research" training ' +
  'and the PhysioNet Credentialed Health Data Use Agreement, https://physionet.org/content/mimiciv/ and ' +
  'https://physionet.org/content/mimic-iv-note/); mimiciv_icd10.feather is then built locally by the ' +
  'preprocessing of Edin et al. 2023 (https://github.com/JoakimEdin/medical-coding-reproducibility, prepare_mimiciv.py)';

/**
 * The reference HELM's MIMICIVBillingCodeScenario makes of a `target` cell: a list's items joined
 * by `","` as `str()` writes them (duplicates kept, a null item is `"None"`, an empty list `""`);
 * any other value (a null cell, a string) as the one item `str(value)`, so a null target is the
 * text `"None"`. Returns undefined for a value `str()` would write differently from JavaScript
 * (floats, structs, binary), which the loader refuses.
 */
export function billingCodesReference(target: unknown): string | undefined {
  if (isList(target)) {
    const codes: string[] = [];
    for (const item of target) {
      const text = pythonStr(item);
      if (text === undefined) return undefined;
      codes.push(text);
    }
    return codes.join(',');
  }
  return pythonStr(target);
}

/** `str(value)` for the values a target can hold that JavaScript writes the same way. */
function pythonStr(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return undefined;
}

/** An apache-arrow list cell (a Vector): iterable, not a string. */
function isList(value: unknown): value is Iterable<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Uint8Array) &&
    typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] === 'function'
  );
}

/**
 * Reads mimiciv_icd10.feather as HELM's MIMICIVBillingCodeScenario does (`pandas.read_feather`,
 * then every row in file order): input the `text` column, one reference (tagged correct) the
 * `target` codes (see {@link billingCodesReference}), split `test`; the other columns are not read.
 * No id: the engine numbers the rows `id0`, `id1`, ... as HELM's `with_instance_ids` does.
 *
 * A null `text` is prompted as an empty note, as HELM's adapter does (`input.text or ""`), with a
 * warning. Where HELM would not get a prompt out of a row, the loader stops with a DatasetLoadError
 * naming the file, row and column, before any model is called: a missing `text` or `target` column
 * (HELM catches the KeyError of every row and runs on zero instances), a `text` that is not a
 * string (HELM fails concatenating it), and a `target` that is neither a list of strings (or
 * integers) nor a string or null.
 */
export function createMimicivBillingCodeDataset(): DatasetLoaderV1 {
  return defineFileDatasetLoader({
    ...cardDataSource(MIMICIV_BILLING_CODE_CARD),
    files: [MIMICIV_BILLING_CODE_FILE],
    obtain: MIMICIV_BILLING_CODE_OBTAIN,
    async *read(path, _file, context) {
      for await (const { row, values } of readFeatherRows(path, ['text', 'target'], context.signal)) {
        let text = values.text;
        if (text === null || text === undefined) {
          // HELM's adapter writes `instance.input.text or ""`: a null note is prompted as an empty one.
          context.warn?.(
            `${path}: the text of row ${row} is null; as in HELM, its prompt has an empty note.`,
          );
          text = '';
        }
        if (typeof text !== 'string') {
          throw new DatasetLoadError(`The note text is ${describe(text)}, not a string.`, {
            location: { file: path, row, field: 'text' },
            hint: 'Every row needs its discharge note in the text column (HELM puts it in the prompt as is).',
          });
        }
        const codes = billingCodesReference(values.target);
        if (codes === undefined) {
          throw new DatasetLoadError(
            `The target is ${describe(values.target)}; expected a list of ICD-10 code strings.`,
            {
              location: { file: path, row, field: 'target' },
              hint: 'The target column holds each note\'s codes as a list of strings (e.g. ["I10", "E11.9"]).',
            },
          );
        }
        yield testInstance(text, codes);
      }
    },
  });
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (isList(value)) return `a list holding ${[...value].map((item) => describe(item)).join(', ')}`;
  if (value instanceof Uint8Array) return 'binary';
  return `${typeof value} ${String(value).slice(0, 40)}`;
}
