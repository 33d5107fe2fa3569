import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { createSampleLoadContext, findFidelityDirectory } from '@medhelm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createMentalHealthDataset,
  MENTAL_HEALTH_FILE,
  MENTAL_HEALTH_OBTAIN,
  mentalHealthInstance,
} from './mental-health-dataset.ts';

const packageDirectory = join(import.meta.dirname, '..');
const fixture = join(packageDirectory, 'data', 'processed_dialogues.csv');
const fidelityDirectory = findFidelityDirectory(['data/mental_health']);

async function load(dataDirectory?: string): Promise<Instance[]> {
  const instances: Instance[] = [];
  const context = createSampleLoadContext(dataDirectory === undefined ? {} : { dataDirectory });
  for await (const instance of createMentalHealthDataset().load(context)) instances.push(instance);
  return instances;
}

/** The `Topic:` and `Type:` lines of an instance's input. */
const header = (instance: Instance | undefined) => instance?.input.text.split('\n').slice(1, 3);

describe('the mental_health file', () => {
  it("is the leaderboard's file name, private (no download), the bundled copy a synthetic fixture", () => {
    expect(MENTAL_HEALTH_FILE).toEqual({ name: 'processed_dialogues.csv', samplePath: fixture });
    const dataset = createMentalHealthDataset();
    expect(dataset.access).toBe('private');
    expect(dataset.obtain).toBe(MENTAL_HEALTH_OBTAIN);
    expect(MENTAL_HEALTH_OBTAIN).toContain('gold_counselor_response');
  });
});

describe("HELM's instance", () => {
  it('is a PassageQuestionInput with an empty passage: a newline, "Question: ", then the dialogue', () => {
    const instance = mentalHealthInstance({
      topic: 'T',
      dialogueType: '1',
      context: 'Client: hi',
      goldCounselorResponse: 'Hello.',
    });
    expect(instance.input.text).toBe(
      '\nQuestion: Topic: T\nType: 1\n\nPrevious conversation:\nClient: hi\n\nGenerate an empathetic and appropriate counselor response:',
    );
    expect(instance.references).toEqual([{ output: { text: 'Hello.' }, tags: ['correct'] }]);
  });
});

describe('the bundled synthetic fixture', () => {
  it('gives every row, the float-typed dialogue_type as 2.0 and nan, the empty topic as nan', async () => {
    const instances = await load();
    expect(instances.map(header)).toEqual([
      ['Question: Topic: Worry', 'Type: 2.0'],
      ['Question: Topic: Worry', 'Type: 2.0'],
      ['Question: Topic: nan', 'Type: 1.0'],
      ['Question: Topic: Loneliness', 'Type: nan'],
      ['Question: Topic: Sleep', 'Type: 3.0'],
    ]);
    expect(instances[0]?.input.text).toContain('\nClient: That I will "fail everything".\n\nGenerate');
    expect(instances[4]?.references[0]?.output.text).toBe("Let's talk about what your evenings look like.");
    expect(instances.every((instance) => instance.split === 'test' && instance.id === undefined)).toBe(true);
  });

  it('shows an integer dialogue_type as pandas reads it when no cell is empty: Type: 2', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'medhelm-mental-health-'));
    try {
      const text = readFileSync(fixture, 'utf8').replace('fix-03,Loneliness,,', 'fix-03,Loneliness,4,');
      writeFileSync(join(scratch, 'processed_dialogues.csv'), text);
      expect((await load(scratch)).map((instance) => header(instance)?.[1])).toEqual([
        'Type: 2',
        'Type: 2',
        'Type: 1',
        'Type: 4',
        'Type: 3',
      ]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

describe.skipIf(fidelityDirectory === undefined)('the shared synthetic set', () => {
  it('loads all 12 rows', async () => {
    expect(await load(join(fidelityDirectory ?? '', 'data', 'mental_health'))).toHaveLength(12);
  });
});

describe('mental_health data HELM cannot read or score', () => {
  let scratch: string;
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'medhelm-mental-health-'));
  });
  afterEach(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  async function failure(text: string): Promise<DatasetLoadError> {
    writeFileSync(join(scratch, 'processed_dialogues.csv'), text);
    const error = await load(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(DatasetLoadError.isInstance(error), String(error)).toBe(true);
    return error as DatasetLoadError;
  }

  it('names the columns a file lacks (HELM: KeyError)', async () => {
    const error = await failure('topic,type,context,gold_counselor_response\nA,1,c,g\n');
    expect(error.location).toEqual({
      file: join(scratch, 'processed_dialogues.csv'),
      field: 'dialogue_type',
    });
    expect(error.message).toContain('The header row lacks "dialogue_type"');
  });

  it('stops before any model call on a row without a gold response, naming its line', async () => {
    const error = await failure(
      'topic,dialogue_type,context,gold_counselor_response\nA,1,"Client: a",Reply.\nB,2,"Client: b",\n',
    );
    expect(error.location).toEqual({
      file: join(scratch, 'processed_dialogues.csv'),
      row: 2,
      line: 3,
      field: 'gold_counselor_response',
    });
  });
});
