import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError } from '@medhelm/core';
import { afterEach, describe, expect, it } from 'vitest';
import { readShcMedRows, type ShcMedRow } from './read-shc-med-rows.ts';

const scratch: string[] = [];
afterEach(() => {
  for (const directory of scratch.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** A CSV file with `text` as its exact bytes (UTF-8). */
function csvFile(text: string): string {
  const directory = mkdtempSync(join(tmpdir(), 'shc-med-rows-'));
  scratch.push(directory);
  const path = join(directory, 'medhelm-TEST-dataset_filtered.csv');
  writeFileSync(path, text);
  return path;
}

async function rows(path: string, questionColumn = 'prompt'): Promise<ShcMedRow[]> {
  const read: ShcMedRow[] = [];
  for await (const row of readShcMedRows(path, questionColumn)) read.push(row);
  return read;
}

async function failure(path: string, questionColumn = 'prompt'): Promise<DatasetLoadError> {
  const error = await rows(path, questionColumn).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(DatasetLoadError.isInstance(error), String(error)).toBe(true);
  return error as DatasetLoadError;
}

describe('readShcMedRows', () => {
  it('reads the question, context and label of each row as csv.DictReader does in text mode', async () => {
    const path = csvFile(
      'note_id,prompt,context,label\r\n' +
        'N1,Is it?,"line one\r\nline two, with a comma",A\r\n' +
        '\r\n' +
        'N2,"Quoted ""question""?","a lone\rCR",B \r\n' +
        'N3, Spaced ,  kept  ,\r\n',
    );
    expect(await rows(path)).toEqual([
      { question: 'Is it?', context: 'line one\nline two, with a comma', label: 'A', line: 2 },
      // The empty line 4 is skipped; nothing is stripped, a label "B " stays "B ".
      { question: 'Quoted "question"?', context: 'a lone\nCR', label: 'B ', line: 5 },
      // Lines count as Python's text mode counts them: the lone CR ended line 5.
      { question: ' Spaced ', context: '  kept  ', label: '', line: 7 },
    ]);
  });

  it('reads the question from another column when told (Sequoia: question), in any column order', async () => {
    const path = csvFile('label,context,question,extra\nA,note,Refer?,ignored\n');
    expect(await rows(path, 'question')).toEqual([
      { question: 'Refer?', context: 'note', label: 'A', line: 2 },
    ]);
  });

  it('names a missing column and the columns the header has (HELM: KeyError)', async () => {
    const path = csvFile('note_id,question,context,label\nN1,Is it?,note,A\n');
    const error = await failure(path);
    expect(error.message).toBe(
      `${path}, line 1, field "prompt": The header row has no column "prompt" (its columns: note_id, question, context, label).`,
    );
    expect(error.hint).toBe(
      'The benchmark reads the columns prompt, context, label (names exactly so, any other columns are ignored).',
    );
  });

  it('says when a byte-order mark hides the first column', async () => {
    const path = csvFile('\uFEFFprompt,context,label\nIs it?,note,A\n');
    const error = await failure(path);
    expect(error.message).toContain('The header row has no column "prompt"');
    expect(error.hint).toContain('UTF-8 byte-order mark');
  });

  it('refuses a file without data rows (HELM would run on nothing)', async () => {
    const error = await failure(csvFile('prompt,context,label\r\n'));
    expect(error.message).toContain('The file has a header row but no data rows.');
  });

  it('names the line of a row with another number of fields than the header', async () => {
    const path = csvFile('prompt,context,label\nIs it?,note,A\nIs it?,"two\nlines"\n');
    const error = await failure(path);
    expect(error.message).toContain(`${path}, line 3, row 2: Expected 3 fields`);
  });
});
