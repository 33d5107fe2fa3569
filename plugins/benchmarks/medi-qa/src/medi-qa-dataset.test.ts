import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { createFileResolver } from '@medhelm/datasets';
import { findFidelityDirectory } from '@medhelm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMediQaDataset, MEDI_QA_FILE } from './medi-qa-dataset.ts';
import { mediQaInstance, mediQaReferenceAnswer } from './medi-qa-instance.ts';
import type { MediQaAnswer } from './medi-qa-question.ts';

const fidelityDirectory = findFidelityDirectory(['data/medi_qa']);
const dataset = createMediQaDataset();
const samplePath = MEDI_QA_FILE.samplePath ?? '';

async function loadFrom(directory: string): Promise<Instance[]> {
  const instances: Instance[] = [];
  const resolveFile = createFileResolver({
    benchmarkId: 'medi_qa',
    source: { kind: 'directory', path: directory },
  });
  for await (const instance of dataset.load({ resolveFile })) instances.push(instance);
  return instances;
}

const answer = (ReferenceRank: number, AnswerText: string | null): MediQaAnswer => ({
  AID: 'a',
  SystemRank: 1,
  ReferenceRank,
  ReferenceScore: 4,
  AnswerURL: null,
  AnswerText,
});

describe('mediQaReferenceAnswer', () => {
  it('takes the first answer ranked 1 in file order, whatever its system rank', () => {
    expect(
      mediQaReferenceAnswer([answer(2, 'second'), answer(1, 'first ranked'), answer(1, 'also ranked 1')]),
    ).toBe('first ranked');
  });

  it('is "" when no answer is ranked 1', () => {
    expect(mediQaReferenceAnswer([answer(2, 'x'), answer(3, 'y')])).toBe('');
    expect(mediQaReferenceAnswer([])).toBe('');
  });
});

describe('mediQaInstance', () => {
  it('uses the QID as id and the question text as it is', () => {
    expect(
      mediQaInstance({ QID: '42', QuestionText: ' Acne. what helps? ', AnswerList: [answer(1, 'Wash.')] }),
    ).toEqual({
      id: '42',
      input: { text: ' Acne. what helps? ' },
      references: [{ output: { text: 'Wash.' }, tags: ['correct'] }],
      split: 'test',
    });
  });
});

describe('the bundled fixture', () => {
  it('is resolved next to the package from src/ (and so from dist/), in the upstream folder', () => {
    expect(samplePath).toBe(
      join(import.meta.dirname, '..', 'data', 'MEDIQA_Task3_QA', 'MEDIQA2019-Task3-QA-TestSet-wLabels.xml'),
    );
  });

  it('loads as the BigBIO script and HELM read it', async () => {
    const instances = await loadFrom(join(import.meta.dirname, '..', 'data'));
    expect(instances.map((instance) => instance.id)).toEqual([
      '901',
      '902',
      '903',
      '904',
      '905',
      '906',
      '907',
      '908',
    ]);
    const byId = new Map(instances.map((instance) => [instance.id, instance]));
    const gold = (id: string) => byId.get(id)?.references[0]?.output.text;
    // 901: the second answer is the one ranked 1.
    expect(gold('901')).toMatch(/^Examplitis \(invented\): Most people/);
    // 902: entities are replaced.
    expect(byId.get('902')?.input.text).toBe(
      "[Invented fixture] fictional fever. My son's fever keeps coming back, what should I do?",
    );
    expect(gold('902')).toContain(
      'Call your child\'s doctor if the fever lasts more than 3 days. Doctors call it "recurrent"',
    );
    // 903: two answers ranked 1: the first one in the file.
    expect(gold('903')).toBe('Diet for sampleosis: Avoid very salty foods and drink water with every meal.');
    // 904: no answer ranked 1: an empty reference.
    expect(gold('904')).toBe('');
    // 905: the question is not stripped.
    expect(byId.get('905')?.input.text.endsWith('is it normal to feel sleepy ')).toBe(true);
    expect(gold('906')).toContain('children < 25 kg take 5 mL; children > 25 kg take 10 mL');
    // 907: line breaks inside the answer are kept.
    expect(gold('907')).toBe(
      'How is fictomab given?:\nFictomab is injected under the skin every 4 weeks.\nYour nurse will show you how to do it at home.',
    );
    expect(instances.every((instance) => instance.input.text.startsWith('[Invented fixture] '))).toBe(true);
  });

  it.skipIf(fidelityDirectory === undefined)(
    'has the layout of the shared sample (declaration, root, indentation)',
    async () => {
      const fixture = await readFile(samplePath, 'utf8');
      const shared = await readFile(
        join(fidelityDirectory ?? '', 'data', 'medi_qa', MEDI_QA_FILE.name),
        'utf8',
      );
      const skeleton = (text: string) =>
        text
          .split('\n')
          .slice(0, 6)
          .map((line) => line.replace(/>.*$/, '>').replace(/"[^"]*"/g, '""'));
      expect(skeleton(fixture)).toEqual(skeleton(shared));
      expect(fixture.slice(-40)).toBe(shared.slice(-40));
    },
  );
});

describe('malformed medi_qa data', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-medi-qa-'));
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  const file = () => join(scratch, MEDI_QA_FILE.name);

  /** Writes the bundled fixture with one change and returns the load error. */
  async function failure(edit: (text: string) => string): Promise<DatasetLoadError> {
    const original = await readFile(samplePath, 'utf8');
    const edited = edit(original);
    expect(edited).not.toBe(original);
    await mkdir(dirname(file()), { recursive: true });
    await writeFile(file(), edited);
    const error = await loadFrom(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    return error as DatasetLoadError;
  }

  async function lineOf(fragment: string): Promise<number> {
    const lines = (await readFile(samplePath, 'utf8')).split('\n');
    const index = lines.findIndex((line) => line.includes(fragment));
    expect(index).toBeGreaterThanOrEqual(0);
    return index + 1;
  }

  it('names the file, line, QID and field of a rank that is not an integer', async () => {
    const line = await lineOf('AID="902_Answer2"');
    const error = await failure((text) =>
      text.replace(
        'AID="902_Answer2" SystemRank="2" ReferenceRank="2"',
        'AID="902_Answer2" SystemRank="2" ReferenceRank="two"',
      ),
    );
    expect(error.location).toEqual({ file: file(), line, row: '902', field: 'ReferenceRank' });
    expect(error.message).toContain(
      `${file()}, line ${line}, row 902, field "ReferenceRank": expected an integer`,
    );
  });

  it('accepts ranks as Python int() does (spaces, a sign, underscores)', async () => {
    await mkdir(dirname(file()), { recursive: true });
    const original = await readFile(samplePath, 'utf8');
    await writeFile(
      file(),
      original.replace(
        'AID="904_Answer2" SystemRank="2" ReferenceRank="3"',
        'AID="904_Answer2" SystemRank=" +2 " ReferenceRank="0_1"',
      ),
    );
    const instances = await loadFrom(scratch);
    expect(instances.find((instance) => instance.id === '904')?.references[0]?.output.text).toBe(
      'Wear sunscreen.',
    );
  });

  it('names an empty question text', async () => {
    const line = await lineOf('<Question QID="905">');
    const error = await failure((text) =>
      text.replace(
        /<QuestionText>\[Invented fixture\] placebonol[^<]*<\/QuestionText>/,
        '<QuestionText></QuestionText>',
      ),
    );
    expect(error.location).toEqual({ file: file(), line, row: '905', field: 'QuestionText' });
    expect(error.message).toContain('empty <QuestionText>');
  });

  it('names a missing AnswerText element and a missing QID', async () => {
    const missingText = await failure((text) => text.replace('<AnswerText>Wear sunscreen.</AnswerText>', ''));
    expect(missingText.location).toMatchObject({ row: '904', field: 'AnswerText' });
    expect(missingText.message).toContain('no <AnswerText> element');
    const missingQid = await failure((text) => text.replace('<Question QID="903">', '<Question>'));
    expect(missingQid.location).toMatchObject({ field: 'QID', line: await lineOf('<Question QID="903">') });
  });

  it('refuses an empty AnswerText on the answer HELM takes, and allows it elsewhere', async () => {
    const error = await failure((text) =>
      text.replace(/<AnswerText>Diet for sampleosis[^<]*<\/AnswerText>/, '<AnswerText/>'),
    );
    expect(error.location).toEqual({
      file: file(),
      line: await lineOf('AID="903_Answer2"'),
      row: '903',
      field: 'AnswerText',
    });
    await writeFile(
      file(),
      (await readFile(samplePath, 'utf8')).replace(
        '<AnswerText>Wear sunscreen.</AnswerText>',
        '<AnswerText></AnswerText>',
      ),
    );
    expect(await loadFrom(scratch)).toHaveLength(8);
  });

  it('refuses a repeated QID', async () => {
    const error = await failure((text) => text.replace('<Question QID="906">', '<Question QID="902">'));
    expect(error.location).toMatchObject({
      row: '902',
      field: 'QID',
      line: await lineOf('<Question QID="906">'),
    });
    expect(error.message).toContain(
      `QID 902 already appeared on line ${await lineOf('<Question QID="902">')}`,
    );
  });

  it('reports malformed XML with its line', async () => {
    const line = await lineOf('<Question QID="907">');
    const error = await failure((text) =>
      text.replace('<Question QID="907">', '<Question QID="907">&bogus;'),
    );
    expect(error.location?.line).toBe(line);
    expect(error.message).toContain('undefined entity');
  });
});
