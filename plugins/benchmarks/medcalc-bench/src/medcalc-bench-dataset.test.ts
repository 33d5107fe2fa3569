import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { createFileResolver, readCsvRecords } from '@medhelm/datasets';
import { findFidelityDirectory } from '@medhelm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMedcalcBenchDataset, MEDCALC_BENCH_FILE } from './medcalc-bench-dataset.ts';
import { medcalcBenchInstance, medcalcBenchRowSchema } from './medcalc-bench-instance.ts';

const fidelityDirectory = findFidelityDirectory(['data/medcalc_bench/test_data.csv']);
const dataset = createMedcalcBenchDataset();
const samplePath = MEDCALC_BENCH_FILE.samplePath ?? '';

async function loadFrom(directory: string): Promise<Instance[]> {
  const instances: Instance[] = [];
  const resolveFile = createFileResolver({
    benchmarkId: 'medcalc_bench',
    source: { kind: 'directory', path: directory },
  });
  for await (const instance of dataset.load({ resolveFile })) instances.push(instance);
  return instances;
}

describe('medcalcBenchInstance', () => {
  it('builds HELM input, id, reference and extra data', () => {
    const row = medcalcBenchRowSchema.parse({
      'Row Number': '007',
      'Patient Note': 'A 40-year-old man.',
      Question: 'What is his score?',
      'Ground Truth Answer': '3',
      Category: 'risk',
      'Upper Limit': '3',
      'Lower Limit': '',
      Explanation: 'ignored',
    });
    expect(medcalcBenchInstance(row)).toEqual({
      id: '7',
      input: { text: 'Patient note: A 40-year-old man.\n\nQuestion: What is his score?\n' },
      references: [{ output: { text: '3' }, tags: ['correct'] }],
      split: 'test',
      extraData: { category: 'risk', upper_limit: '3', lower_limit: null },
    });
  });
});

describe('the bundled sample', () => {
  it('is resolved next to the package from src/ (and so from dist/)', () => {
    expect(samplePath).toBe(join(import.meta.dirname, '..', 'data', 'test_data.csv'));
  });

  it.skipIf(fidelityDirectory === undefined)(
    'is the first 30 rows of the shared sample, byte for byte',
    async () => {
      const sample = readFileSync(samplePath);
      const shared = readFileSync(join(fidelityDirectory ?? '', 'data', 'medcalc_bench', 'test_data.csv'));
      expect(shared.subarray(0, sample.length).equals(sample)).toBe(true);
      let rows = 0;
      for await (const _ of readCsvRecords(samplePath)) rows += 1;
      expect(rows).toBe(30);
    },
  );
});

describe('malformed medcalc_bench data', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-medcalc-'));
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  /** Writes the bundled sample with one change and returns the load error. */
  async function failure(edit: (text: string) => string): Promise<DatasetLoadError> {
    const original = readFileSync(samplePath, 'utf8');
    const edited = edit(original);
    expect(edited).not.toBe(original);
    await writeFile(join(scratch, 'test_data.csv'), edited);
    const error = await loadFrom(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    return error as DatasetLoadError;
  }

  async function lineOfRow(rowNumber: string): Promise<{ line: number; row: number }> {
    for await (const { record, line, row } of readCsvRecords(samplePath)) {
      if (record['Row Number'] === rowNumber) return { line, row };
    }
    throw new Error(`no Row Number ${rowNumber} in the sample`);
  }

  it('names the file, line, row and column of a Row Number that is not an integer', async () => {
    const { line, row } = await lineOfRow('3');
    const error = await failure((text) => {
      const lines = text.split('\n');
      lines[line - 1] = (lines[line - 1] as string).replace(/^3,/, '3.5,');
      return lines.join('\n');
    });
    const file = join(scratch, 'test_data.csv');
    expect(error.location).toEqual({ file, line, row, field: 'Row Number' });
    expect(error.message).toContain(
      `${file}, line ${line}, row ${row}, field "Row Number": expected an integer (got "3.5")`,
    );
  });

  it('names a column missing from the header', async () => {
    const error = await failure((text) => text.replace(',Ground Truth Answer,', ',Answer,'));
    expect(error.location).toMatchObject({ line: 2, row: 1, field: 'Ground Truth Answer' });
  });

  it('rejects a repeated Row Number', async () => {
    const { line } = await lineOfRow('2');
    const error = await failure((text) => {
      const lines = text.split('\n');
      lines[line - 1] = (lines[line - 1] as string).replace(/^2,/, '1,');
      return lines.join('\n');
    });
    expect(error.location).toMatchObject({ line, field: 'Row Number' });
    expect(error.message).toContain('Row Number 1 already appeared on line 2');
  });

  it('rejects a row with a missing field', async () => {
    const error = await failure((text) => `${text}999,1\n`);
    expect(error.location).toMatchObject({ row: 31 });
    expect(error.message).toContain('Expected 14 fields');
  });
});
