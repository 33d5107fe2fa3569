import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { createFileResolver } from '@medhelm/datasets';
import { findFidelityDirectory } from '@medhelm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createMimicRrsDataset,
  MIMIC_RRS_FINDINGS_FILE,
  MIMIC_RRS_IMPRESSION_FILE,
  readMimicRrsLines,
} from './mimic-rrs-dataset.ts';

const fidelityDirectory = findFidelityDirectory(['data/mimic_rrs']);
const dataset = createMimicRrsDataset();

async function load(source: Parameters<typeof createFileResolver>[0]['source']): Promise<Instance[]> {
  const resolveFile = createFileResolver({ benchmarkId: 'mimic_rrs', source, obtain: dataset.obtain });
  const instances: Instance[] = [];
  for await (const instance of dataset.load({ resolveFile })) instances.push(instance);
  return instances;
}

describe('the mimic_rrs files', () => {
  it('are the test split of the all/ folder, gated, with no URL and a way to obtain them', () => {
    expect(dataset.files.map((file) => file.name)).toEqual([
      'all/test.findings.tok',
      'all/test.impression.tok',
    ]);
    expect(dataset.files.every((file) => file.url === undefined)).toBe(true);
    expect(dataset.access).toBe('gated');
    expect(dataset.obtain).toContain('PhysioNet credentialed access to MIMIC-III');
  });

  it('are bundled as synthetic fixtures next to the package (resolved from src/ and dist/)', () => {
    for (const file of [MIMIC_RRS_FINDINGS_FILE, MIMIC_RRS_IMPRESSION_FILE]) {
      expect(file.samplePath).toBe(join(import.meta.dirname, '..', 'data', file.name));
      expect(existsSync(file.samplePath ?? '')).toBe(true);
    }
  });
});

describe('the bundled synthetic fixtures', () => {
  it('give the 6 pairs with both sides non-empty, stripped, in line order', async () => {
    const instances = await load({ kind: 'sample' });
    // Line 3 has an empty impression and line 5 a finding of only a space, a tab and an NBSP: both
    // skipped. Line 2 ends in an NBSP, line 6 in CRLF, line 7 starts with a tab and its impression
    // ends in two spaces: all stripped.
    expect(instances).toEqual([
      pair(
        'synthetic fixture f01 . chest radiograph . the lungs are clear . no pleural effusion or pneumothorax .',
        'no acute cardiopulmonary process .',
      ),
      pair(
        'synthetic fixture f02 . ct head without contrast . no intracranial hemorrhage . mild periventricular white matter change .',
        'no acute intracranial abnormality .',
      ),
      pair(
        'synthetic fixture f04 . chest radiograph . right lower lobe opacity concerning for pneumonia .',
        'right lower lobe pneumonia .',
      ),
      pair(
        'synthetic fixture f06 . mri lumbar spine . disc bulge at l4 - l5 with mild canal narrowing .',
        'mild l4 - l5 canal narrowing .',
      ),
      pair(
        'synthetic fixture f07 . ct chest . 6 mm nodule in the left upper lobe , unchanged .',
        'stable 6 mm left upper lobe nodule .',
      ),
      pair(
        'synthetic fixture f08 . renal ultrasound . no hydronephrosis . simple cyst in the left kidney .',
        'simple left renal cyst .',
      ),
    ]);
  });
});

function pair(finding: string, impression: string): Instance {
  return {
    input: { text: finding },
    references: [{ output: { text: impression }, tags: ['correct'] }],
    split: 'test',
  };
}

describe.skipIf(fidelityDirectory === undefined)("the project's synthetic MIMIC-RRS folder", () => {
  it('gives 22 of its 24 pairs (HELM skips the empty impression and the whitespace-only finding)', async () => {
    const instances = await load({
      kind: 'directory',
      path: join(fidelityDirectory ?? '', 'data', 'mimic_rrs'),
    });
    expect(instances).toHaveLength(22);
    expect(instances[0]?.input.text).toBe(
      'synthetic report S1000 . small left pleural effusion with adjacent atelectasis . no focal consolidation .',
    );
    expect(instances[0]?.references[0]?.output.text).toBe('small left effusion .');
  });
});

describe('readMimicRrsLines (Python text mode, readlines, str.strip)', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-mimic-rrs-'));
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  async function linesOf(bytes: Uint8Array | string): Promise<string[]> {
    const path = join(scratch, 'lines.tok');
    await writeFile(path, bytes);
    return readMimicRrsLines(path);
  }

  it('ends lines at \\n, \\r\\n and a lone \\r, and adds no line for a final newline', async () => {
    expect(await linesOf('a .\nb .\r\nc .\rd .\n')).toEqual(['a .', 'b .', 'c .', 'd .']);
    expect(await linesOf('a .\nb .')).toEqual(['a .', 'b .']);
    expect(await linesOf('a .\n\n')).toEqual(['a .', '']);
    expect(await linesOf('')).toEqual([]);
  });

  it('does not end lines where only str.splitlines would (form feed, U+2028, NEL)', async () => {
    expect(await linesOf('a\fb\u2028c\u0085d\n')).toEqual(['a\fb\u2028c\u0085d']);
  });

  it("strips Python's whitespace (NBSP, tabs, U+3000) but keeps a byte-order mark, as open() does", async () => {
    expect(await linesOf('\u00a0\t x .\u3000\n')).toEqual(['x .']);
    expect(await linesOf('\ufeffx .\n')).toEqual(['\ufeffx .']);
  });

  it('names the file and line of bytes that are not UTF-8', async () => {
    const error = await linesOf(Buffer.from([0x61, 0x0a, 0x62, 0xff, 0x0a])).catch(
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).location).toEqual({ file: join(scratch, 'lines.tok'), line: 2 });
    expect((error as DatasetLoadError).message).toContain('not valid UTF-8');
  });
});

describe('malformed or missing mimic_rrs data', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-mimic-rrs-'));
    await mkdir(join(scratch, 'all'));
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('refuses files of different lengths, naming both counts (HELM: AssertionError)', async () => {
    await writeFile(join(scratch, 'all', 'test.findings.tok'), 'a .\nb .\nc .\n');
    await writeFile(join(scratch, 'all', 'test.impression.tok'), 'x .\ny .\n');
    const error = await load({ kind: 'directory', path: scratch }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).message).toContain('The findings file has 3 lines and');
    expect((error as DatasetLoadError).message).toContain('test.impression.tok has 2');
    expect((error as DatasetLoadError).location?.file).toBe(join(scratch, 'all', 'test.findings.tok'));
  });

  it('says where it looked and how to obtain the data when a file is missing', async () => {
    await writeFile(join(scratch, 'all', 'test.findings.tok'), 'a .\n');
    const error = await load({ kind: 'directory', path: scratch }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).message).toContain(
      'all/test.impression.tok is not in the data directory',
    );
    expect((error as DatasetLoadError).hint).toContain('PhysioNet credentialed access to MIMIC-III');
  });

  it('reads the layout of a shared data root too (<dir>/mimic_rrs/all/...)', async () => {
    await mkdir(join(scratch, 'mimic_rrs', 'all'), { recursive: true });
    await writeFile(join(scratch, 'mimic_rrs', 'all', 'test.findings.tok'), 'a .\n');
    await writeFile(join(scratch, 'mimic_rrs', 'all', 'test.impression.tok'), 'b .\n');
    await rm(join(scratch, 'all'), { recursive: true });
    expect(await load({ kind: 'directory', path: scratch })).toEqual([pair('a .', 'b .')]);
  });
});
