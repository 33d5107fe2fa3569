import { cardDataSource } from '@medhelm/benchmark-recipes';
import {
  type DatasetFileV1,
  DatasetLoadError,
  type DatasetLoaderV1,
  defineDatasetLoader,
  type Instance,
} from '@medhelm/core';
import { bundledSampleFile, readTextFile, testInstance } from '@medhelm/datasets';
import { pythonStrip } from '@medhelm/python-text';
import { MIMIC_RRS_CARD } from './mimic-rrs-card.ts';

/** The folder of the MIMIC-III RRS data that HELM's leaderboard reads (`rrs-mimiciii/all`). */
export const MIMIC_RRS_FOLDER = 'all';

/**
 * How the data is obtained: it cannot be downloaded. Quoted by the errors about missing files.
 */
export const MIMIC_RRS_OBTAIN =
  'PhysioNet credentialed access to MIMIC-III (CITI "Data or Specimens Only Research" training and the ' +
  'PhysioNet Credentialed Health Data Use Agreement, https://physionet.org/content/mimiciii/1.4/); the ' +
  'test.findings.tok / test.impression.tok split files are built from its radiology reports by the MIMIC-RRS ' +
  'preprocessing of Chen et al. 2023 (https://arxiv.org/abs/2211.08584), in a folder named all/';

/**
 * One split file. The name keeps the `all/` folder, so `--data-dir <dir>` (or `data_path=<dir>`)
 * is the folder that holds `all/` (HELM's `data_path` is `all/` itself); the bundled fixtures are
 * synthetic; `../data` resolves from both `src/` and `dist/`.
 */
function mimicRrsFile(fileName: string): DatasetFileV1 {
  const name = `${MIMIC_RRS_FOLDER}/${fileName}`;
  return bundledSampleFile(name, import.meta.url);
}

/** `test.findings.tok`: one report's findings section per line (tokenized, lower case). */
export const MIMIC_RRS_FINDINGS_FILE: DatasetFileV1 = mimicRrsFile('test.findings.tok');
/** `test.impression.tok`: the matching impression of each line of the findings file. */
export const MIMIC_RRS_IMPRESSION_FILE: DatasetFileV1 = mimicRrsFile('test.impression.tok');

/**
 * The lines of a `.tok` file as HELM's `MIMICRRSScenario.read_file` has them: the file read as
 * UTF-8 in Python's text mode (`\r\n` and a lone `\r` end a line too), split after each `\n` as
 * `readlines()` does (a final newline adds no empty line), each line `str.strip()`ped (Unicode
 * whitespace, so NBSP and tabs go too). Bytes that are not UTF-8 are a DatasetLoadError with the line.
 */
export async function readMimicRrsLines(path: string): Promise<string[]> {
  const text = await readTextFile(path, {
    newline: 'python-text-mode',
    notUtf8Message: 'The file is not valid UTF-8 (HELM reads it as UTF-8 text); re-export it as UTF-8.',
  });
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.map((line) => pythonStrip(line));
}

/**
 * HELM's MIMICRRSScenario instances from the stripped lines of both files: line i of the findings
 * pairs with line i of the impressions; a pair with an empty side is skipped; the input is the
 * finding, the one reference (tagged correct) the impression, the split `test`. No id: the engine
 * numbers the kept pairs `id0`, `id1`, ... as HELM's `with_instance_ids` does.
 */
export function mimicRrsInstances(findings: readonly string[], impressions: readonly string[]): Instance[] {
  const instances: Instance[] = [];
  findings.forEach((finding, index) => {
    const impression = impressions[index] ?? '';
    if (finding === '' || impression === '') return;
    instances.push(testInstance(finding, impression));
  });
  return instances;
}

/**
 * Reads MIMIC-RRS as HELM's MIMICRRSScenario does: only the `test` split files (HELM comments out
 * train and validate), paired line by line. Files of different lengths are a DatasetLoadError
 * naming both counts (HELM stops on an AssertionError there), raised before any model is called.
 */
export function createMimicRrsDataset(): DatasetLoaderV1 {
  return defineDatasetLoader({
    ...cardDataSource(MIMIC_RRS_CARD, '1.4'),
    files: [MIMIC_RRS_FINDINGS_FILE, MIMIC_RRS_IMPRESSION_FILE],
    obtain: MIMIC_RRS_OBTAIN,
    async *load(context) {
      const findingsPath = await context.resolveFile(MIMIC_RRS_FINDINGS_FILE);
      const impressionsPath = await context.resolveFile(MIMIC_RRS_IMPRESSION_FILE);
      const findings = await readMimicRrsLines(findingsPath);
      const impressions = await readMimicRrsLines(impressionsPath);
      if (findings.length !== impressions.length) {
        throw new DatasetLoadError(
          `The findings file has ${findings.length} lines and ${impressionsPath} has ${impressions.length}; ` +
            'line i of one must be the impression of line i of the other.',
          {
            location: { file: findingsPath },
            hint: 'Use the test.findings.tok and test.impression.tok of one MIMIC-RRS export, unedited (HELM stops on an AssertionError here).',
          },
        );
      }
      for (const instance of mimicRrsInstances(findings, impressions)) {
        context.signal?.throwIfAborted();
        yield instance;
      }
    },
  });
}
