import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { readZipEntries } from '@medhelm/datasets';
import { buildZipArchive, createSampleLoadContext, findFidelityDirectory } from '@medhelm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLEAR_CONDITIONS, type ClearCondition } from './clear-conditions.ts';
import { CLEAR_OBTAIN, clearFile, clearInstance, createClearDataset } from './clear-dataset.ts';

const packageDirectory = join(import.meta.dirname, '..');
const fixture = (condition: string) => join(packageDirectory, 'data', `${condition}.xlsx`);
const fidelityDirectory = findFidelityDirectory(['data/clear']);

async function load(
  condition: ClearCondition,
  dataDirectory?: string,
): Promise<{ instances: Instance[]; warnings: string[] }> {
  const instances: Instance[] = [];
  const warnings: string[] = [];
  const context = {
    ...createSampleLoadContext(dataDirectory === undefined ? {} : { dataDirectory }),
    warn: (message: string) => warnings.push(message),
  };
  for await (const instance of createClearDataset(condition).load(context)) instances.push(instance);
  return { instances, warnings };
}

/** The letter of each instance's correct answer (A, B, C), or "-" where none is correct. */
const answers = (instances: Instance[]) =>
  instances.map((instance) => {
    const index = instance.references.findIndex((item) => item.tags.includes('correct'));
    return index < 0 ? '-' : 'ABC'[index];
  });

/** The note inside an instance's input. */
const noteOf = (instance: Instance | undefined) =>
  instance?.input.text.split('Original Clinical Note:\n')[1]?.split('\n\nA. ')[0];

describe('the clear files', () => {
  it('are one private workbook per condition, named after it, bundled as synthetic fixtures', () => {
    for (const condition of CLEAR_CONDITIONS) {
      expect(clearFile(condition)).toEqual({ name: `${condition}.xlsx`, samplePath: fixture(condition) });
      const dataset = createClearDataset(condition);
      expect(dataset.access).toBe('private');
      expect(dataset.files).toEqual([clearFile(condition)]);
      expect(dataset.obtain).toBe(CLEAR_OBTAIN);
    }
    expect(CLEAR_OBTAIN).toContain('<condition>.xlsx');
  });
});

describe("HELM's instance", () => {
  it('lists the options in the input, ends it with "Answer:", and maps 1, 0, 2 to A, B, C', () => {
    const instance = clearInstance('post_traumatic_stress_disorder', 'A note.', '0');
    expect(instance?.input.text).toBe(
      'You are a medical assistant reviewing patient notes. Determine whether the patient has a history of post-traumatic stress disorder (PTSD).\n\nOriginal Clinical Note:\nA note.\n\nA. Has a history of post-traumatic stress disorder (PTSD)\nB. Does not have a history of post-traumatic stress disorder (PTSD)\nC. Uncertain\n\nAnswer:',
    );
    expect(instance?.references).toEqual([
      { output: { text: 'Has a history of post-traumatic stress disorder (PTSD)' }, tags: [] },
      {
        output: { text: 'Does not have a history of post-traumatic stress disorder (PTSD)' },
        tags: ['correct'],
      },
      { output: { text: 'Uncertain' }, tags: [] },
    ]);
    expect(
      answers(
        ['1', '0', '2', '1.0', 'nan', '3'].map(
          (label) => clearInstance('chronic_pain', 'n', label) as Instance,
        ),
      ),
    ).toEqual(['A', 'B', 'C', '-', '-', '-']);
    // "Uncertain" is a label too: HELM maps an unknown label to itself before comparing.
    expect(answers([clearInstance('chronic_pain', 'n', 'Uncertain') as Instance])).toEqual(['C']);
    expect(clearInstance('chronic_pain', '', '1')).toBeUndefined();
    expect(clearInstance('chronic_pain', 'n', '')).toBeUndefined();
  });
});

describe('the bundled synthetic fixtures', () => {
  it('give one instance per row with a note and a label, in sheet order, the right answer each', async () => {
    const { instances, warnings } = await load('alcohol_dependence');
    expect(answers(instances)).toEqual(['A', 'B', 'C']);
    expect(noteOf(instances[0])).toBe(
      '[SYNTHETIC FIXTURE: invented for @medhelm/benchmark-clear; not patient data]\nFICTIONAL PATIENT 101\nHistory of alcohol dependence documented at earlier (invented) visits.',
    );
    expect(warnings).toEqual([]);
    expect(instances.every((instance) => instance.split === 'test' && instance.id === undefined)).toBe(true);
    for (const condition of CLEAR_CONDITIONS) {
      expect((await load(condition)).instances.length, condition).toBeGreaterThanOrEqual(2);
    }
  });

  it('keep an empty note as "nan", a number note as its digits, and skip a note of spaces', async () => {
    expect(noteOf((await load('attention_deficit_hyperactivity_disorder')).instances[1])).toBe('nan');
    expect(noteOf((await load('major_depression')).instances[0])).toBe('20310101');
    const tobacco = await load('tobacco_dependence');
    expect(answers(tobacco.instances)).toEqual(['B', 'C']);
  });

  it('keep rows whose label matches no choice, and name their workbook and rows in one warning', async () => {
    const liver = await load('liver_disease');
    expect(answers(liver.instances)).toEqual(['A', '-', 'B']);
    expect(liver.warnings).toEqual([
      `clear: ${fixture('liver_disease')}: no answer choice is correct for row 3 ("3"): result_human must be 1, 0 or 2. HELM's exact-match metric stops the whole run on such a row (AssertionError); here it is sent to the model and reported unscorable, and the other rows are scored. Fill in every result_human cell with 1, 0 or 2 to score it.`,
    ]);
    // An empty label makes the column float: every label reads 1.0, nan, 0.0 and none maps.
    const homelessness = await load('homelessness');
    expect(answers(homelessness.instances)).toEqual(['-', '-', '-']);
    expect(homelessness.warnings).toEqual([
      `clear: ${fixture('homelessness')}: no answer choice is correct for rows 2 ("1.0"), 3 ("nan"), 4 ("0.0"): result_human must be 1, 0 or 2. The result_human column has an empty cell (row 3), so pandas reads every label in it as a decimal ("1.0"), which HELM does not map. HELM's exact-match metric stops the whole run on such a row (AssertionError); here they are sent to the model and reported unscorable, and the other rows are scored. Fill in every result_human cell with 1, 0 or 2 to score them.`,
    ]);
  });
});

describe.skipIf(fidelityDirectory === undefined)('the shared synthetic set', () => {
  const clear = join(fidelityDirectory ?? '', 'data', 'clear');

  it('loads 51 instances from 52 rows in 13 workbooks', async () => {
    let total = 0;
    for (const condition of CLEAR_CONDITIONS) total += (await load(condition, clear)).instances.length;
    expect(total).toBe(51);
  });

  it('reports the five float-labelled homelessness rows and the label-3 liver_disease row', async () => {
    const [homelessness] = (await load('homelessness', clear)).warnings;
    expect(homelessness).toContain('rows 2 ("nan"), 3 ("1.0"), 4 ("0.0"), 5 ("2.0"), 6 ("1.0")');
    const [liver] = (await load('liver_disease', clear)).warnings;
    expect(liver).toContain('row 6 ("3")');
  });
});

describe('clear data HELM reads as nothing', () => {
  let scratch: string;
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'medhelm-clear-'));
  });
  afterEach(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  /** A copy of a fixture workbook with some of its parts (`xl/sharedStrings.xml`, ...) edited. */
  async function editedWorkbook(
    condition: ClearCondition,
    edits: Readonly<Record<string, (text: string) => string>> = {},
  ): Promise<void> {
    const archive = await readZipEntries(fixture(condition));
    const members = await Promise.all(
      archive.entries.map(async ({ name }) => {
        const data = (await archive.read(name)).toString('utf8');
        return { name, data: edits[name]?.(data) ?? data };
      }),
    );
    writeFileSync(join(scratch, `${condition}.xlsx`), buildZipArchive(members));
  }

  it('reads a workbook saved again with the same layout alike', async () => {
    await editedWorkbook('chronic_pain');
    expect((await load('chronic_pain', scratch)).instances).toEqual((await load('chronic_pain')).instances);
  });

  it("takes a label that is an answer choice's own text as that answer, as HELM does, without a warning", async () => {
    await editedWorkbook('chronic_pain', {
      'xl/worksheets/sheet1.xml': (sheet) =>
        sheet.replace('<c r="C2"><v>1</v></c>', '<c r="C2" t="inlineStr"><is><t>Uncertain</t></is></c>'),
    });
    const { instances, warnings } = await load('chronic_pain', scratch);
    expect(answers(instances)).toEqual(['C', 'B']);
    expect(warnings).toEqual([]);
  });

  it('names a workbook without the result_human column (HELM reads every row as empty and runs nothing)', async () => {
    await editedWorkbook('chronic_pain', {
      'xl/sharedStrings.xml': (strings) => strings.replace('>result_human<', '>label<'),
    });
    const error = await load('chronic_pain', scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(DatasetLoadError.isInstance(error), String(error)).toBe(true);
    expect((error as DatasetLoadError).location).toEqual({
      file: join(scratch, 'chronic_pain.xlsx'),
      field: 'result_human',
    });
    expect((error as DatasetLoadError).message).toContain('(it has "note_id", "text", "label")');
  });
});
