import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { createSampleLoadContext } from '@medhelm/testing';
import { type ColumnSource, parquetWriteBuffer, type SchemaElement } from 'hyparquet-writer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEhrshotDataset, type EhrshotDatasetOptions } from './ehrshot-dataset.ts';
import { ehrshotInstructions } from './ehrshot-scenario-prompt.ts';
import type { EhrshotTask } from './ehrshot-tasks.ts';

// The bundled synthetic folder (scripts/build-synthetic-fixtures.mjs, data/LICENSE-DATA.md).
const bundled = fileURLToPath(new URL('../data/synthetic', import.meta.url));

async function load(options: EhrshotDatasetOptions, dataDirectory?: string): Promise<Instance[]> {
  const instances: Instance[] = [];
  const context = createSampleLoadContext(dataDirectory === undefined ? {} : { dataDirectory });
  for await (const instance of createEhrshotDataset(options).load(context)) instances.push(instance);
  return instances;
}

/** The instance text HELM builds for a task and a timeline, written out by hand. */
function prompt(task: EhrshotTask, codes: string[]): string {
  return `\n# Instructions\n${ehrshotInstructions(task)}\n\n# Your Task\nPatient EHR:\n${codes.map((code) => `- ${code}`).join('\n')}\n\n`;
}

const correct = (instance: Instance, field: 'references' | 'correctedReferences') =>
  instance[field]?.find((reference) => reference.tags.includes('correct'))?.output.text;

describe('the EHRSHOT loader on the bundled synthetic MEDS folder', () => {
  it('builds timelines in sorted label order but pairs them with the label rows in file order, as HELM does', async () => {
    const instances = await load({ task: 'guo_readmission' });
    // Labels in file order: 900002 @05-06 yes, 900001 @01-02 no, 900003 yes, 900001 @01-03 no.
    // Sorted: 900001 @01-02, 900001 @01-03, 900002, 900003.
    expect(instances.map((instance) => instance.input.text)).toEqual([
      prompt('guo_readmission', ['MEDS_BIRTH', 'Visit/IP', 'ICD10CM/I10']),
      prompt('guo_readmission', ['MEDS_BIRTH', 'Visit/IP', 'ICD10CM/I10', 'LOINC/718-7', 'CPT4/99213']),
      prompt('guo_readmission', ['MEDS_BIRTH', 'Visit/OP', 'RxNorm/197361']),
      prompt('guo_readmission', []),
    ]);
    // HELM's references: the labels in file order.
    expect(instances.map((instance) => correct(instance, 'references'))).toEqual(['yes', 'no', 'yes', 'no']);
    // The labels the prompts were built from.
    expect(instances.map((instance) => correct(instance, 'correctedReferences'))).toEqual([
      'no',
      'no',
      'yes',
      'yes',
    ]);
    expect(instances.every((instance) => instance.split === 'test')).toBe(true);
    expect(instances[0]?.references.map((reference) => reference.output.text)).toEqual(['yes', 'no']);
  });

  it('keeps same-time events in file order, includes an event exactly at the prediction time, and never a static one', async () => {
    const [first, second, third] = await load({ task: 'guo_readmission' });
    // Visit/IP and ICD10CM/I10 share a time: file order. Gender/F has no time: never listed.
    expect(first?.input.text).toContain('- Visit/IP\n- ICD10CM/I10\n');
    expect(second?.input.text).not.toContain('Gender/F');
    // LOINC/718-7 is one microsecond after the first label's prediction time: not in its prompt.
    expect(first?.input.text).not.toContain('LOINC/718-7');
    // RxNorm/197361 is exactly at 900002's prediction time: in its prompt.
    expect(third?.input.text).toContain('- RxNorm/197361\n\n');
    const empty = (await load({ task: 'guo_readmission' }))[3];
    expect(empty?.input.text.endsWith('# Your Task\nPatient EHR:\n\n\n')).toBe(true);
  });

  it('pairs every prompt with its own label when the labels file is sorted', async () => {
    const instances = await load({ task: 'new_hypertension' });
    expect(instances.map((instance) => instance.input.text)).toEqual([
      prompt('new_hypertension', ['MEDS_BIRTH']),
      prompt('new_hypertension', ['MEDS_BIRTH', 'Visit/OP']),
      prompt('new_hypertension', ['MEDS_BIRTH', 'ICD10CM/D64.9']),
    ]);
    for (const instance of instances) {
      expect(correct(instance, 'correctedReferences')).toBe(correct(instance, 'references'));
    }
    expect(instances.map((instance) => correct(instance, 'references'))).toEqual(['yes', 'no', 'no']);
  });

  it('runs a lab task with fewer labels than max_labels_per_task (where HELM raises), taking them all', async () => {
    const instances = await load({ task: 'lab_anemia' });
    expect(instances).toHaveLength(6);
    // Every label's timeline appears once, with its own label as the corrected reference.
    const byTimeline = instances
      .map((instance) => [instance.input.text, correct(instance, 'correctedReferences')])
      .sort(([a], [b]) => String(a).localeCompare(String(b)));
    const expected = [
      [prompt('lab_anemia', ['MEDS_BIRTH']), 'no'],
      [prompt('lab_anemia', ['MEDS_BIRTH', 'Visit/IP', 'ICD10CM/I10', 'LOINC/718-7']), 'yes'],
      [prompt('lab_anemia', ['MEDS_BIRTH']), 'no'],
      [prompt('lab_anemia', ['MEDS_BIRTH']), 'yes'],
      [prompt('lab_anemia', ['MEDS_BIRTH', 'ICD10CM/D64.9']), 'yes'],
      [prompt('lab_anemia', ['MEDS_BIRTH', 'Visit/OP', 'RxNorm/197361']), 'no'],
    ].sort(([a], [b]) => String(a).localeCompare(String(b)));
    expect(byTimeline).toEqual(expected);
    // The references are the six labels (three yes, three no), in the sample's order.
    expect(instances.filter((instance) => correct(instance, 'references') === 'yes')).toHaveLength(3);
  });

  it('samples max_labels_per_task labels of a lab task', async () => {
    const instances = await load({ task: 'lab_anemia', maxLabelsPerTask: 4 });
    expect(instances).toHaveLength(4);
    // A non-lab task is never sampled.
    expect(await load({ task: 'guo_readmission', maxLabelsPerTask: 1 })).toHaveLength(4);
  });

  it('drops prompts with more than max_length cl100k tokens', async () => {
    expect(await load({ task: 'guo_readmission', maxLength: 1 })).toEqual([]);
    expect(await load({ task: 'guo_readmission', maxLength: 1_000_000 })).toHaveLength(4);
  });
});

describe('the EHRSHOT loader on a broken MEDS folder', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-ehrshot-'));
    await cp(bundled, scratch, { recursive: true });
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  async function writeParquet(name: string, columnData: ColumnSource[], schema: SchemaElement[]) {
    const path = join(scratch, name);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, new Uint8Array(parquetWriteBuffer({ columnData, schema })));
    return path;
  }

  async function failure(options: EhrshotDatasetOptions): Promise<DatasetLoadError> {
    const error = await load(options, scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    return error as DatasetLoadError;
  }

  it('names the labels file and the column it lacks', async () => {
    const path = await writeParquet(
      'labels/guo_readmission/labels.parquet',
      [
        { name: 'subject_id', data: new BigInt64Array([900001n]) },
        { name: 'prediction_time', data: [1_577_923_200_000_000n] },
      ],
      [
        { name: 'schema', num_children: 2 },
        { name: 'subject_id', type: 'INT64', repetition_type: 'REQUIRED' },
        {
          name: 'prediction_time',
          type: 'INT64',
          repetition_type: 'REQUIRED',
          logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: false, unit: 'MICROS' },
        },
      ],
    );
    const error = await failure({ task: 'guo_readmission' });
    expect(error.location).toEqual({ file: path, field: 'boolean_value' });
  });

  it('refuses a time column that is not a timestamp, and one with a time zone against one without', async () => {
    const path = await writeParquet(
      'data/data.parquet',
      [
        { name: 'subject_id', data: new BigInt64Array([900001n]) },
        { name: 'time', data: ['2020-01-01'] },
        { name: 'code', data: ['Visit/IP'] },
      ],
      [
        { name: 'schema', num_children: 3 },
        { name: 'subject_id', type: 'INT64', repetition_type: 'REQUIRED' },
        { name: 'time', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
        { name: 'code', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
      ],
    );
    const notTimestamp = await failure({ task: 'guo_readmission' });
    expect(notTimestamp.location).toEqual({ file: path, field: 'time' });
    expect(notTimestamp.message).toContain('not a Parquet timestamp');

    await writeParquet(
      'data/data.parquet',
      [
        { name: 'subject_id', data: new BigInt64Array([900001n]) },
        { name: 'time', data: [1_577_923_200_000_000n] },
        { name: 'code', data: ['Visit/IP'] },
      ],
      [
        { name: 'schema', num_children: 3 },
        { name: 'subject_id', type: 'INT64', repetition_type: 'REQUIRED' },
        {
          name: 'time',
          type: 'INT64',
          repetition_type: 'OPTIONAL',
          logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MICROS' },
        },
        { name: 'code', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
      ],
    );
    const zones = await failure({ task: 'guo_readmission' });
    expect(zones.message).toContain('cannot be compared');
  });

  it('compares nanosecond event times with microsecond prediction times exactly', async () => {
    // One event 1 ns after 900001's first prediction time (2020-01-02 00:00), one exactly at it.
    const at = 1_577_923_200_000_000_000n;
    await writeParquet(
      'data/data.parquet',
      [
        { name: 'subject_id', data: new BigInt64Array([900001n, 900001n]) },
        { name: 'time', data: [at + 1n, at] },
        { name: 'code', data: ['LATE/1', 'ON_TIME/1'] },
      ],
      [
        { name: 'schema', num_children: 3 },
        { name: 'subject_id', type: 'INT64', repetition_type: 'REQUIRED' },
        {
          name: 'time',
          type: 'INT64',
          repetition_type: 'OPTIONAL',
          logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: false, unit: 'NANOS' },
        },
        { name: 'code', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
      ],
    );
    const [first, second] = await load({ task: 'guo_readmission' }, scratch);
    expect(first?.input.text).toContain('Patient EHR:\n- ON_TIME/1\n\n');
    expect(second?.input.text).toContain('Patient EHR:\n- ON_TIME/1\n- LATE/1\n\n');
  });

  it('needs no metadata/subject_splits.parquet and no other task folders (HELM requires both)', async () => {
    await rm(join(scratch, 'metadata'), { recursive: true });
    await mkdir(join(scratch, 'labels', 'new_lupus'));
    expect(await load({ task: 'guo_readmission' }, scratch)).toHaveLength(4);
  });
});
